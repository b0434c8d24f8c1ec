/** A model that lives in the page only: the read-only board of the trace view, and tests, use it. */
import type { Model } from "./types";

export class LocalModel implements Model {
  values: Record<string, unknown>;
  handlers: Record<string, (() => void)[]> = {};
  constructor(values: Record<string, unknown>) {
    this.values = values;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  get(name: string): any {
    return this.values[name];
  }
  /** Set a value and tell the listeners, as a kernel change would. */
  set(name: string, value: unknown) {
    this.values[name] = value;
    for (const fn of this.handlers[`change:${name}`] ?? []) fn();
    for (const fn of this.handlers.change ?? []) fn(); // then "change", as a Backbone model (anywidget's) does
  }
  save_changes() {}
  on(name: string, fn: () => void) {
    (this.handlers[name] ||= []).push(fn);
  }
  off(name: string, fn?: () => void) {
    this.handlers[name] = (this.handlers[name] ?? []).filter((f) => f !== fn);
  }
  send(_content: Record<string, unknown>) {}
}

/** Create an element with a class and text. */
export function h<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, cls = "", text = ""): HTMLElementTagNameMap[K] {
  const el = doc.createElement(tag);
  if (cls) el.className = cls;
  if (text) el.textContent = text;
  return el;
}

/** Call each handler on its model event; returns the function that stops listening. */
export function listen(
  model: { on(event: string, fn: () => void): void; off(event: string, fn?: () => void): void },
  handlers: [event: string, handler: () => void][],
): () => void {
  for (const [event, fn] of handlers) model.on(event, fn);
  return () => {
    for (const [event, fn] of handlers) model.off(event, fn);
  };
}
