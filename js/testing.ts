/** A stand-in for the anywidget model in unit tests: records what the view sends. */
export class FakeModel {
  values: Record<string, unknown>;
  sent: Record<string, unknown>[] = [];
  handlers: Record<string, (() => void)[]> = {};
  constructor(values: Record<string, unknown>) {
    this.values = values;
  }
  get(name: string) {
    return this.values[name];
  }
  set(name: string, value: unknown) {
    this.values[name] = value;
  }
  save_changes() {}
  on(name: string, fn: () => void) {
    (this.handlers[name] ||= []).push(fn);
  }
  off(name: string, fn?: () => void) {
    this.handlers[name] = (this.handlers[name] ?? []).filter((f) => f !== fn);
  }
  send(content: Record<string, unknown>) {
    this.sent.push(content);
  }
  /** Change a value as the kernel would, firing change listeners. */
  emit(name: string, value: unknown) {
    this.values[name] = value;
    for (const fn of this.handlers[`change:${name}`] ?? []) fn();
  }
}
