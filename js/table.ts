/**
 * The table widget's entry point (anywidget ESM). The view lives in js/table/: view.ts puts together
 * layout.ts (sizes and fans), reconcile.ts and animate.ts (cards that travel), drag.ts, keyboard.ts,
 * toolbar.ts, panels.ts and words.ts.
 */
import { createTable } from "./table/view";
import type { TableModel } from "./types";

export { createTable };
export { CONTROLS } from "./table/toolbar";

export default {
  initialize() {
    return () => {};
  },
  render({ model, el }: { model: TableModel; el: HTMLElement }) {
    return createTable(model, el);
  },
};
