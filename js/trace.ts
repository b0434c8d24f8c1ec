/**
 * The search-trace widget (entry point of wispwidget/static/trace.js): see js/trace/view.ts.
 * Step k is a replay of events[:k], done in the browser, so the view works in a static export too.
 */
import type { Model } from "./types";
import { createTraceView } from "./trace/view";

export { createTraceView, stackOf } from "./trace/view";
export { replay, Replayer, sharedTotal, stepOf, type Replay, type TracePayload } from "./trace/replay";
export { listingFor } from "./trace/pseudocode";

export default {
  initialize() {
    return () => {};
  },
  render({ model, el }: { model: Model; el: HTMLElement }) {
    return createTraceView(model, el);
  },
};
