// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cardName } from "./cards";
import { CONTROLS, createTable } from "./table";
import type { TableState } from "./types";
import { FakeModel } from "./testing";

function state(overrides: Partial<TableState> = {}): TableState {
  return {
    game: "will-o-the-wisp", variant: "standard", name: "Will o' the Wisp", family: "spider", seed: 7, version: 3,
    tableau: [
      { down: 2, up: ["9H", "8H"] },
      { down: 2, up: ["TS"] },
      { down: 0, up: [] },
    ],
    stock: { count: 31, deals_left: 5, action: "deal" },
    has_waste: false, waste: [], legal: [["t0", "t1", 2], ["t0", "t2", 1], ["t0", "t2", 2], ["stock", "tableau", 1]],
    moves: 4, can_undo: true, can_redo: false, won: false, stuck: false, reveal: false, top_rank: 13,
    finished: ["S"], runs_total: 4, ...overrides,
  };
}


let cleanup: (() => void) | undefined;
afterEach(() => { cleanup?.(); document.body.replaceChildren(); });

function mount(values: Record<string, unknown> = {}) {
  const model = new FakeModel({ table: state(), status: "Will o' the Wisp · deal 7 · 4 moves", message: {}, hint_move: {},
    games: [{ game: "will-o-the-wisp", variant: "standard", name: "Will o' the Wisp" }], winnable: false, busy: false, ...values });
  const el = document.createElement("div");
  document.body.append(el);
  cleanup = createTable(model, el);
  return { model, el };
}

describe("cards and layout", () => {
  it("names cards for screen readers", () => {
    expect(cardName("TS")).toBe("Ten of spades");
    expect(cardName("AH")).toBe("Ace of hearts");
  });
});

describe("the table view", () => {
  it("draws every pile and card with stable data attributes", () => {
    const { el } = mount();
    expect(el.querySelectorAll('[data-pile^="t"]').length).toBe(3);
    expect(el.querySelectorAll('[data-card="hidden"]').length).toBe(4 + 1); // 4 face-down + the stock back
    expect(el.querySelector('[data-pile="t0"] [data-card="8H"]')).not.toBeNull();
    expect(el.querySelector('[data-pile="stock"]')?.getAttribute("aria-label")).toContain("5 deals left");
    expect(el.querySelector('[role="status"]')?.textContent).toContain("deal 7");
  });

  it("never puts face-down identities in the page unless revealed", () => {
    const { el } = mount();
    expect(el.innerHTML).not.toContain("data-revealed");
    cleanup?.();
    const revealed = mount({ table: state({ reveal: true, tableau: [{ down: 1, up: ["9H"], hidden: ["QC"] }] }) });
    expect(revealed.el.querySelector("[data-revealed]")?.getAttribute("data-revealed")).toBe("QC");
  });

  it("has every control with its accessible name", () => {
    const { el } = mount();
    for (const [label] of CONTROLS) expect(el.querySelector(`button[aria-label="${label}"]`)).not.toBeNull();
    expect((el.querySelector('button[aria-label="Redo"]') as HTMLButtonElement).disabled).toBe(true);
  });

  it("asks the engine for the watched player, and offers Stop instead while anything plays by itself", () => {
    const { el, model } = mount();
    (el.querySelector('button[aria-label="Watch"]') as HTMLButtonElement).click();
    expect(model.sent).toEqual([{ type: "watch" }]);
    model.emit("busy", true);
    expect((el.querySelector('button[aria-label="Watch"]') as HTMLButtonElement).disabled).toBe(true);
    (el.querySelector('button[aria-label="Stop"]') as HTMLButtonElement).click();
    expect(model.sent[1]).toEqual({ type: "stop" });
  });

  it("sends a click with the pile, the count from the top and the state version", () => {
    const { el, model } = mount();
    (el.querySelector('[data-card="9H"]') as HTMLElement).click();
    expect(model.sent).toEqual([{ type: "click", pile: "t0", count: 2, version: 3 }]);
    (el.querySelector('[data-pile="stock"]') as HTMLElement).click();
    expect(model.sent[1]).toEqual({ type: "click", pile: "stock", version: 3 });
  });

  it("does not send anything for a face-down card", () => {
    const { el, model } = mount();
    (el.querySelector('[data-pile="t0"] [data-card="hidden"]') as HTMLElement).click();
    expect(model.sent).toEqual([]);
  });

  it("buttons send their requests; undo carries the version", () => {
    const { el, model } = mount();
    (el.querySelector('button[aria-label="Undo"]') as HTMLElement).click();
    (el.querySelector('button[aria-label="Hint"]') as HTMLElement).click();
    (el.querySelector('button[aria-label="New deal"]') as HTMLElement).click();
    expect(model.sent[0]).toEqual({ type: "undo", version: 3 });
    expect(model.sent[1]).toEqual({ type: "hint" });
    expect(model.sent[2]).toMatchObject({ type: "new_deal", game: "will-o-the-wisp", variant: "standard", winnable: false });
  });

  it("redraws when the engine sends a new state, and celebrates a win", () => {
    const { el, model } = mount();
    model.emit("table", state({ version: 4, tableau: [{ down: 0, up: [] }, { down: 0, up: [] }, { down: 0, up: [] }], won: true }));
    expect(el.querySelectorAll(".ww-face").length).toBe(1); // only the finished-run King
    expect((el.querySelector(".ww-banner") as HTMLElement).hidden).toBe(false);
  });

  it("announces messages in a live region", () => {
    const { el, model } = mount();
    model.emit("message", { id: 2, kind: "error", text: "9H does not go on 9S" });
    const live = el.querySelector('[aria-live="assertive"]') as HTMLElement;
    expect(live.textContent).toBe("9H does not go on 9S");
    expect(live.dataset.kind).toBe("error");
  });

  it("plays by keyboard: arrows, space to pick up, space to drop", () => {
    const { el, model } = mount();
    const root = el.querySelector(".ww-root") as HTMLElement;
    root.focus();
    const key = (k: string) => root.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
    key("ArrowUp"); // two cards
    key(" ");
    key("ArrowRight");
    key(" ");
    expect(model.sent).toEqual([{ type: "move", from: "t0", to: "t1", count: 2, version: 3 }]);
    key("d");
    expect(model.sent[1]).toEqual({ type: "click", pile: "stock", version: 3 });
  });

  it("cleans up its listeners", () => {
    const { model } = mount();
    cleanup?.();
    cleanup = undefined;
    expect(Object.values(model.handlers).every((list) => list.length === 0)).toBe(true);
  });

  it("view-only mode has no controls and sends nothing", () => {
    const { el, model } = mount({ view_only: true });
    expect(el.querySelector("button")).toBeNull();
    (el.querySelector('[data-card="9H"]') as HTMLElement).click();
    expect(model.sent).toEqual([]);
  });
});

describe("requests in flight", () => {
  it("holds deal/undo/redo until the engine answers, then sends them with the new version", () => {
    const { el, model } = mount();
    const root = el.querySelector(".ww-root") as HTMLElement;
    root.focus();
    const key = (k: string) => root.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
    key("d");
    key("u");
    expect(model.sent).toEqual([{ type: "click", pile: "stock", version: 3 }]);
    model.emit("table", state({ version: 4 }));
    expect(model.sent[1]).toEqual({ type: "undo", version: 4 });
  });

  it("a refusal also releases the queue", () => {
    const { el, model } = mount();
    const root = el.querySelector(".ww-root") as HTMLElement;
    root.focus();
    (el.querySelector('button[aria-label="Undo"]') as HTMLElement).click();
    root.dispatchEvent(new KeyboardEvent("keydown", { key: "r", bubbles: true }));
    expect(model.sent.length).toBe(1);
    model.emit("message", { id: 9, kind: "error", text: "nothing to undo" });
    expect(model.sent[1]).toEqual({ type: "redo", version: 3 });
  });
});
