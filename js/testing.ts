/** A stand-in for the anywidget model in unit tests: records what the view sends. */
import { LocalModel } from "./local_model";

export class FakeModel extends LocalModel {
  sent: Record<string, unknown>[] = [];
  /** The views' "shown" messages, kept apart from the requests tests check. */
  views: boolean[] = [];
  send(content: Record<string, unknown>) {
    if (content.type === "view") this.views.push(content.shown as boolean);
    else this.sent.push(content);
  }
  /** Change a value as the kernel would, firing change listeners. */
  emit(name: string, value: unknown) {
    this.set(name, value);
  }
}
