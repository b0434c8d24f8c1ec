// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { ClockView } from "./table/panels";
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
  it("names cards for screen readers in words, drawn with symbols; a face-down card unnamed", () => {
    const { el } = mount();
    const card = el.querySelector('[data-card="8H"]') as HTMLElement;
    expect(card.getAttribute("aria-label")).toBe("8 of hearts");
    expect(card.textContent).toContain("\u2665");
    expect(el.querySelector('[data-card="TS"]')?.getAttribute("aria-label")).toBe("10 of spades");
    for (const back of el.querySelectorAll('[data-card="hidden"]:not([data-revealed])'))
      expect(back.getAttribute("aria-label")).toBe("face-down card");
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

  it("an empty Spider-family foundation shows the run it takes, not a suit it would refuse", () => {
    const { el } = mount();
    const empty = [...el.querySelectorAll('[data-pile^="f"]')].filter((p) => !p.querySelector("[data-card]"));
    expect(empty.length).toBe(3); // one of four has a finished run
    for (const pile of empty) expect(pile.querySelector(".ww-slot")?.textContent).toBe("K\u2013A");
    cleanup?.();
    const small = mount({ table: state({ top_rank: 6, finished: [] }) });
    expect(small.el.querySelector('[data-pile="f0"] .ww-slot')?.textContent).toBe("6\u2013A");
  });

  it("an empty foundation built up in suit (Waxing Moon) shows where it starts, as a Spider-family one shows its run", () => {
    const { el } = mount({ table: state({ game: "waxing-moon", name: "Waxing Moon", family: "forty", has_waste: true,
      waste: [], finished: undefined, runs_total: undefined, foundations: [[], ["AH", "2H"], [], []] }) });
    const slots = [...el.querySelectorAll('[data-pile^="f"]')].map((p) => p.querySelector(".ww-slot")?.textContent ?? null);
    expect(slots).toEqual(["A", null, "A", "A"]); // (the one with cards shows them)
    expect(el.querySelectorAll('[data-pile="t2"] .ww-slot')[0]?.textContent).toBe(""); // an empty pile: no words
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

  it("asks the engine for the watched player; while it plays, Stop in Hint's place, and Solve and Watch wait", () => {
    const { el, model } = mount();
    const stop = el.querySelector('button[aria-label="Stop"]') as HTMLButtonElement;
    const hint = el.querySelector('button[aria-label="Hint"]') as HTMLButtonElement;
    const off = (b: Element) => b.hasAttribute("data-off"); // invisible, in the layout (table.css)
    expect([off(stop), off(hint)]).toEqual([true, false]);
    (el.querySelector('button[aria-label="Watch"]') as HTMLButtonElement).click();
    expect(model.sent).toEqual([{ type: "watch", version: 3 }]);
    model.emit("job", { kind: "watch", label: "The no-peek player plays", cancellable: true });
    model.emit("busy", true);
    expect([off(stop), off(hint)]).toEqual([false, true]);
    expect(stop.parentElement).toBe(hint.parentElement); // one slot in the toolbar's first row, never behind More
    expect(stop.closest(".ww-tools-main")).not.toBeNull();
    expect((el.querySelector('button[aria-label="Watch"]') as HTMLButtonElement).disabled).toBe(true);
    expect((el.querySelector('button[aria-label="Solve"]') as HTMLButtonElement).disabled).toBe(true);
    const stops = [...el.querySelectorAll("button")].filter((b) => /^(Stop|Cancel)$/.test(b.textContent ?? ""));
    expect(stops).toEqual([stop]); // one control stops it
    expect(off(stop)).toBe(false);
    stop.click();
    expect(model.sent[1]).toEqual({ type: "stop" });
    model.emit("job", {});
    model.emit("busy", false);
    expect([off(stop), off(hint)]).toEqual([true, false]);
    expect((el.querySelector('button[aria-label="Solve"]') as HTMLButtonElement).disabled).toBe(false);
  });

  it("sends a click with the pile, the count from the top and the state version", () => {
    const { el, model } = mount();
    (el.querySelector('[data-card="9H"]') as HTMLElement).click();
    expect(model.sent).toEqual([{ type: "click", pile: "t0", count: 2, version: 3 }]);
    (el.querySelector('[data-pile="stock"]') as HTMLElement).click();
    expect(model.sent.length).toBe(1); // the stock's click is a deal, held until the move is answered
    model.emit("table", state({ version: 4 }));
    expect(model.sent[1]).toEqual({ type: "deal", version: 4 });
  });

  it("holds a second click until the first is answered, and lets it go if its card has moved since", () => {
    const { el, model } = mount();
    const nine = el.querySelector('[data-card="9H"]') as HTMLElement;
    const ten = el.querySelector('[data-card="TS"]') as HTMLElement;
    nine.click();
    ten.click(); // clicked before the engine answered the first: held, not refused as made on an older table
    expect(model.sent).toEqual([{ type: "click", pile: "t0", count: 2, version: 3 }]);
    model.emit("table", state({ version: 4, tableau: [{ down: 2, up: ["9H", "8H"] }, { down: 2, up: ["TS"] },
      { down: 0, up: [] }] }));
    expect(model.sent[1]).toEqual({ type: "click", pile: "t1", count: 1, version: 4 }); // still there: played
    model.emit("message", { id: 9, kind: "error", text: "The ten of spades cannot move." }); // answered
    nine.click();
    ten.click(); // the ten then has the nine on it: clicked where it was, it is no longer what would move
    expect(model.sent.length).toBe(3);
    model.emit("table", state({ version: 5, tableau: [{ down: 2, up: [] }, { down: 2, up: ["TS", "9H", "8H"] },
      { down: 0, up: [] }] }));
    expect(model.sent.length).toBe(3);
  });

  it("sends the click on the card a click has just landed, and keeps only its refusal quiet", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const { el, model } = mount();
      const live = () => el.querySelector(".ww-live")?.textContent;
      (el.querySelector('[data-card="9H"]') as HTMLElement).click();
      expect(model.sent).toEqual([{ type: "click", pile: "t0", count: 2, version: 3 }]);
      const landed = state({ version: 4, tableau: [{ down: 2, up: [] }, { down: 2, up: ["TS", "9H", "8H"] }, { down: 0, up: [] }],
        last: { move: ["t0", "t1", 2], kind: "play" }, legal: [["t1", "t2", 1]] });
      model.emit("table", landed);
      model.emit("message", { id: 10, kind: "info", text: "Nine of hearts onto ten of spades." });
      vi.advanceTimersByTime(200);
      // "…onto pile 2", where it already went: sent all the same, the engine decides
      (el.querySelector('[data-card="8H"]') as HTMLElement).click();
      expect(model.sent[1]).toEqual({ type: "click", pile: "t1", count: 1, version: 4 });
      model.emit("message", { id: 11, kind: "error", text: "The eight of hearts has nowhere to go." });
      expect(live()).toBe("Nine of hearts onto ten of spades."); // the refusal of that click is not said
      (el.querySelector('[data-card="8H"]') as HTMLElement).click(); // and the table is not stuck waiting
      expect(model.sent[2]).toEqual({ type: "click", pile: "t1", count: 1, version: 4 });
      model.emit("table", state({ version: 5, tableau: [{ down: 2, up: [] }, { down: 2, up: ["TS", "9H"] }, { down: 0, up: ["8H"] }],
        last: { move: ["t1", "t2", 1], kind: "play" }, legal: [["t2", "t0", 1]] }));
      vi.advanceTimersByTime(2000); // long after: a click is a click, and its refusal is said
      (el.querySelector('[data-card="8H"]') as HTMLElement).click();
      expect(model.sent[3]).toEqual({ type: "click", pile: "t2", count: 1, version: 5 });
      model.emit("message", { id: 12, kind: "error", text: "The eight of hearts has nowhere to go." });
      expect(live()).toBe("The eight of hearts has nowhere to go.");
    } finally {
      vi.useRealTimers();
    }
  });

  it("says the refusal of a click on the card under the ones just landed (it is not the card that moved)", () => {
    const { el, model } = mount();
    (el.querySelector('[data-card="9H"]') as HTMLElement).click();
    model.emit("table", state({ version: 4, tableau: [{ down: 2, up: [] }, { down: 2, up: ["TS", "9H", "8H"] }, { down: 0, up: [] }],
      last: { move: ["t0", "t1", 2], kind: "play" }, legal: [] }));
    (el.querySelector('[data-card="TS"]') as HTMLElement).click();
    expect(model.sent[1]).toEqual({ type: "click", pile: "t1", count: 3, version: 4 });
    model.emit("message", { id: 11, kind: "error", text: "Those 3 cards have nowhere to go." });
    expect(el.querySelector(".ww-live")?.textContent).toBe("Those 3 cards have nowhere to go.");
  });

  it("sends a click on a pile a move from elsewhere (Python, Watch) has just landed on", () => {
    const { el, model } = mount();
    (el.querySelector('[data-card="9H"]') as HTMLElement).click(); // this table's click, on pile 1 ...
    model.emit("table", state({ version: 4, tableau: [{ down: 2, up: ["9H", "8H"] }, { down: 2, up: ["TS"] }, { down: 0, up: [] }],
      last: null }));  // ... refused: no move
    model.emit("table", state({ version: 5, tableau: [{ down: 2, up: ["9H"] }, { down: 2, up: ["TS"] }, { down: 0, up: ["8H"] }],
      last: { move: ["t0", "t2", 1], kind: "play" } }));  // a move from Python, soon after
    (el.querySelector('[data-card="8H"]') as HTMLElement).click();
    expect(model.sent[model.sent.length - 1]).toEqual({ type: "click", pile: "t2", count: 1, version: 5 });
  });

  it("does not send anything for a face-down card", () => {
    const { el, model } = mount();
    (el.querySelector('[data-pile="t0"] [data-card="hidden"]') as HTMLElement).click();
    expect(model.sent).toEqual([]);
  });

  it("a hint, which leaves the cards where they are, holds nothing back", () => {
    const { el, model } = mount();
    (el.querySelector('button[aria-label="Hint"]') as HTMLElement).click();
    (el.querySelector('button[aria-label="Undo"]') as HTMLElement).click();
    expect(model.sent).toEqual([{ type: "hint", version: 3 }, { type: "undo", version: 3 }]);
  });

  it("buttons send their requests; undo carries the version", () => {
    const { el, model } = mount();
    (el.querySelector('button[aria-label="Undo"]') as HTMLElement).click();
    (el.querySelector('button[aria-label="Hint"]') as HTMLElement).click();
    (el.querySelector('button[aria-label="New deal"]') as HTMLElement).click();
    expect(model.sent).toHaveLength(2); // the game has moves: asked first
    (el.querySelector('button[aria-label="Leave"]') as HTMLElement).click();
    expect(model.sent[0]).toEqual({ type: "undo", version: 3 });
    expect(model.sent[1]).toEqual({ type: "hint", version: 3 });
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
    expect(model.sent.length).toBe(1); // D is a deal, held until the move is answered
    model.emit("table", state({ version: 4 }));
    key("d"); // D D: both deal
    expect(model.sent.slice(1)).toEqual([{ type: "deal", version: 4 }]);
    model.emit("table", state({ version: 5 }));
    expect(model.sent.slice(1)).toEqual([{ type: "deal", version: 4 }, { type: "deal", version: 5 }]);
  });

  it("cards picked up by the keyboard are lifted, and the piles that take them light up as in a drag", () => {
    // a player saw the held card rise 6 px and no pile lit: only the words said where it could go
    const { el } = mount();
    const root = el.querySelector(".ww-root") as HTMLElement;
    root.focus();
    const key = (k: string) => root.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
    key("ArrowUp"); // 9H 8H
    key(" ");
    expect([...el.querySelectorAll(".ww-held")].map((c) => (c as HTMLElement).dataset.card)).toEqual(["9H", "8H"]);
    const lit = () => [...el.querySelectorAll(".ww-accepts-held")].map((p) => (p as HTMLElement).dataset.pile);
    expect(lit()).toEqual(["t1", "t2"]); // the legal moves of two cards from t0
    key("ArrowDown"); // (still holding two: the count is chosen before the pick-up)
    key("Escape");
    expect(lit()).toEqual([]);
    expect(el.querySelectorAll(".ww-held").length).toBe(0);
  });

  it("ArrowUp takes no more cards than a legal move carries", () => {
    const { el, model } = mount();
    model.emit("table", state({ version: 4, legal: [["t0", "t1", 1]] })); // the two cards are no run that moves
    const root = el.querySelector(".ww-root") as HTMLElement;
    root.focus();
    const key = (k: string) => root.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
    key("ArrowUp");
    key(" ");
    key("ArrowRight");
    key(" ");
    expect(model.sent).toEqual([{ type: "move", from: "t0", to: "t1", count: 1, version: 4 }]);
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
    expect(model.sent).toEqual([{ type: "deal", version: 3 }]);
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

/** The keys that reach the page's document (where a notebook's own shortcuts listen) while `act` runs. */
function keysReachingTheNotebook(act: () => void): string[] {
  const notebook: string[] = [];
  const listener = (e: KeyboardEvent) => notebook.push(e.key);
  document.addEventListener("keydown", listener);
  try {
    act();
  } finally {
    document.removeEventListener("keydown", listener);
  }
  return notebook;
}

describe("keys after a toolbar click", () => {
  it("a table key pressed on a toolbar button is the table's, and never reaches the notebook", () => {
    const { el, model } = mount();
    const root = el.querySelector(".ww-root") as HTMLElement;
    const undo = el.querySelector('button[aria-label="Undo"]') as HTMLButtonElement;
    const notebook = keysReachingTheNotebook(() => {
      undo.focus();
      undo.dispatchEvent(new KeyboardEvent("keydown", { key: "d", bubbles: true, cancelable: true }));
      expect(model.sent.at(-1)).toMatchObject({ type: "deal" });
      expect(document.activeElement).toBe(root);
      root.dispatchEvent(new KeyboardEvent("keydown", { key: "d", bubbles: true, cancelable: true }));
    });
    expect(notebook).toEqual([]); // Jupyter's D D would delete the cell
  });

  it("no plain key pressed in the table reaches the notebook (M made the cell Markdown there)", () => {
    const { el } = mount();
    const root = el.querySelector(".ww-root") as HTMLElement;
    const notebook = keysReachingTheNotebook(() => {
      root.focus();
      for (const key of ["m", "a", "b", "x", "z", "y", "Enter"]) {
        root.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
      }
      root.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab", bubbles: true, cancelable: true }));
      root.dispatchEvent(new KeyboardEvent("keydown", { key: "s", ctrlKey: true, bubbles: true, cancelable: true }));
    });
    expect(notebook).toEqual(["Tab", "s"]); // focus moves on; the notebook's own shortcuts with Ctrl still work
  });

  it("with the keys' list open, D deals (and closes it), and nothing reaches the notebook", () => {
    const { el, model } = mount();
    const root = el.querySelector(".ww-root") as HTMLElement;
    const notebook = keysReachingTheNotebook(() => {
      root.focus();
      root.dispatchEvent(new KeyboardEvent("keydown", { key: "?", bubbles: true, cancelable: true }));
      const dialog = el.querySelector(".ww-dialog:not([hidden])") as HTMLElement;
      expect(dialog).not.toBeNull();
      for (const key of ["d", "m"]) {
        (document.activeElement as HTMLElement).dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true,
          cancelable: true }));
      }
      expect(model.sent.at(-1)).toMatchObject({ type: "deal" });
      expect(dialog.hidden).toBe(true);
    });
    expect(notebook).toEqual([]);
  });

  it("a pointer click on a toolbar button gives the keys back to the table", () => {
    const { el } = mount();
    const root = el.querySelector(".ww-root") as HTMLElement;
    const hint = el.querySelector('button[aria-label="Hint"]') as HTMLButtonElement;
    hint.focus();
    hint.dispatchEvent(new MouseEvent("click", { bubbles: true, detail: 1 }));
    expect(document.activeElement).toBe(root);
  });
});

describe("direct manipulation and motion", () => {
  it("a double-click sends the click request once", () => {
    const { el, model } = mount();
    const card = el.querySelector('[data-card="9H"]') as HTMLElement;
    card.dispatchEvent(new MouseEvent("click", { bubbles: true, detail: 1 }));
    card.dispatchEvent(new MouseEvent("click", { bubbles: true, detail: 2 }));
    card.dispatchEvent(new MouseEvent("dblclick", { bubbles: true, detail: 2 }));
    expect(model.sent).toEqual([{ type: "click", pile: "t0", count: 2, version: 3 }]);
  });

  it("keeps each card's element when it moves (keyed, not redrawn)", () => {
    const { el, model } = mount();
    const nine = el.querySelector('[data-card="9H"]');
    const ten = el.querySelector('[data-card="TS"]');
    model.emit("table", state({ version: 4, last: { move: ["t0", "t1", 2], kind: "play" },
      tableau: [{ down: 1, up: ["4D"] }, { down: 2, up: ["TS", "9H", "8H"] }, { down: 0, up: [] }] }));
    expect(el.querySelector('[data-pile="t1"] [data-card="9H"]')).toBe(nine);
    expect(el.querySelector('[data-pile="t1"] [data-card="TS"]')).toBe(ten);
    expect(el.querySelectorAll('[data-pile="t1"] [data-card]').length).toBe(5);
    expect(el.querySelector('[data-pile="t0"] [data-card="4D"]')).not.toBeNull();
    const t1 = Array.from(el.querySelectorAll('[data-pile="t1"] [data-card]')).map((c) => (c as HTMLElement).dataset.card);
    expect(t1).toEqual(["hidden", "hidden", "TS", "9H", "8H"]); // drawn in order, so the top card is on top
  });

  it("cards travel from where they were; a new state snaps a journey to its end; reduced motion means none", () => {
    const animations: { keyframes: Keyframe[]; finished: boolean }[] = [];
    const proto = HTMLElement.prototype as unknown as { animate?: unknown };
    proto.animate = function (keyframes: Keyframe[]) {
      const listeners: Record<string, (() => void)[]> = {};
      const record = { keyframes, finished: false };
      animations.push(record);
      return {
        finish() { record.finished = true; for (const fn of listeners.finish ?? []) fn(); },
        addEventListener(name: string, fn: () => void) { (listeners[name] ||= []).push(fn); },
      };
    };
    let reduce = false;
    window.matchMedia = ((q: string) => ({ matches: reduce && q.includes("reduce") })) as unknown as typeof window.matchMedia;
    try {
      const { el, model } = mount();
      const root = el.querySelector(".ww-root") as HTMLElement;
      const nine = el.querySelector('[data-card="9H"]') as HTMLElement;
      let y = 0;
      nine.getBoundingClientRect = () => ({ left: 10, top: (y += 50), width: 60, height: 84 }) as DOMRect;
      model.emit("table", state({ version: 4, last: { move: ["t0", "t1", 2], kind: "play" },
        tableau: [{ down: 1, up: ["4D"] }, { down: 2, up: ["TS", "9H", "8H"] }, { down: 0, up: [] }] }));
      const journey = animations.find((a) => String(a.keyframes[0].transform).includes("-50px"));
      expect(journey).toBeDefined(); // from its old box (50 px higher) to the new one
      expect(root.dataset.moving).toBeDefined();
      model.emit("table", state({ version: 5 }));
      expect(journey!.finished).toBe(true);
      const count = animations.length;
      reduce = true;
      model.emit("table", state({ version: 6, tableau: [{ down: 1, up: ["4D"] }, { down: 2, up: ["TS", "9H", "8H"] }, { down: 0, up: [] }] }));
      expect(animations.length).toBe(count);
    } finally {
      delete proto.animate;
      delete (window as unknown as { matchMedia?: unknown }).matchMedia;
    }
  });
});

describe("keyboard over every pile", () => {
  function keys(el: HTMLElement) {
    const root = el.querySelector(".ww-root") as HTMLElement;
    root.focus();
    return (k: string) => root.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
  }

  it("Left/Right walk the stock and the tableau (no key acts on a finished run); Enter on the stock deals", () => {
    const { el, model } = mount();
    const key = keys(el);
    const seen: string[] = [];
    for (let i = 0; i < 8; i++) {
      key("ArrowRight");
      seen.push((el.querySelector(".ww-cursor") as HTMLElement).dataset.pile!);
    }
    expect(seen).toEqual(["t1", "t2", "stock", "t0", "t1", "t2", "stock", "t0"]);
    key("ArrowLeft");
    key("ArrowLeft");
    key("ArrowLeft");
    key("ArrowLeft");
    key("ArrowLeft");
    expect((el.querySelector(".ww-cursor") as HTMLElement).dataset.pile).toBe("stock");
    expect(el.querySelector(".ww-live")?.textContent).toBe("Stock, 5 deals left; runs finished: spades (1 of 4)");
    key("Enter");
    expect(model.sent).toEqual([{ type: "deal", version: 3 }]);
  });

  it("tabbed into, the cursor shows at once on the first pile and the keys are named, once", () => {
    const { el } = mount();
    const root = el.querySelector(".ww-root") as HTMLElement;
    root.matches = (selector: string) => selector === ":focus-visible"; // the focus a Tab gives
    root.focus();
    expect((el.querySelector(".ww-cursor") as HTMLElement).dataset.pile).toBe("t0");
    expect(el.querySelector(".ww-live")?.textContent).toMatch(/^Keys: .*D deals.*\? lists every key\.$/);
    root.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
    expect((el.querySelector(".ww-cursor") as HTMLElement).dataset.pile).toBe("t1"); // where the player looked
    root.blur();
    root.focus();
    expect(el.querySelector(".ww-live")?.textContent).not.toMatch(/^Keys/); // said once
  });

  it("the cursor hides on a mouse press; the first arrow then shows it on the pile pressed, the next moves it", () => {
    const { el, model } = mount();
    const root = el.querySelector(".ww-root") as HTMLElement;
    root.matches = () => false; // the focus a click gives
    root.focus();
    expect(el.querySelector(".ww-cursor")).toBeNull();
    const right = () => root.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
    right();
    expect((el.querySelector(".ww-cursor") as HTMLElement).dataset.pile).toBe("t0");
    right();
    expect((el.querySelector(".ww-cursor") as HTMLElement).dataset.pile).toBe("t1");
    const nine = el.querySelector('[data-card="9H"]') as HTMLElement;
    nine.dispatchEvent(new MouseEvent("pointerdown", { bubbles: true }));
    expect(el.querySelector(".ww-cursor")).toBeNull();
    right();
    expect((el.querySelector(".ww-cursor") as HTMLElement).dataset.pile).toBe((nine.closest("[data-pile]") as HTMLElement).dataset.pile);
    // a player clicked pile 7's card, then pressed Right: the cursor showed on pile 1
    const lastPile = [...el.querySelectorAll<HTMLElement>('.ww-tableau [data-pile]')].at(-1)!;
    expect(lastPile.dataset.pile).not.toBe("t0");
    (lastPile.querySelector("[data-card]") ?? lastPile).dispatchEvent(new MouseEvent("pointerdown", { bubbles: true }));
    right();
    expect((el.querySelector(".ww-cursor") as HTMLElement).dataset.pile).toBe(lastPile.dataset.pile);
    right();
    expect((el.querySelector(".ww-cursor") as HTMLElement).dataset.pile).not.toBe(lastPile.dataset.pile);
    // a new deal of the same game: the cursor starts again on pile 1, not where the last game's click left it
    lastPile.dispatchEvent(new MouseEvent("pointerdown", { bubbles: true }));
    model.emit("table", state({ version: 9, seed: 8, moves: 0, last: { kind: "new" } } as Partial<TableState>));
    right();
    expect((el.querySelector(".ww-cursor") as HTMLElement).dataset.pile).toBe("t0");
  });

  it("? and F1 open the keys overlay (a dialog named Keyboard); Escape closes it", () => {
    const { el } = mount();
    const key = keys(el);
    const dialog = el.querySelector('[role="dialog"][aria-label="Keyboard"]') as HTMLElement;
    expect(dialog.hidden).toBe(true);
    key("?");
    expect(dialog.hidden).toBe(false);
    dialog.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(dialog.hidden).toBe(true);
    key("F1");
    expect(dialog.hidden).toBe(false);
  });

  it("a press outside an open dialog closes it and moves no card; a press inside it does not", () => {
    const { el, model } = mount();
    const key = keys(el);
    const dialog = el.querySelector('[role="dialog"][aria-label="Keyboard"]') as HTMLElement;
    const press = (target: Element) => {
      target.dispatchEvent(new MouseEvent("pointerdown", { bubbles: true, cancelable: true }));
      target.dispatchEvent(new MouseEvent("click", { bubbles: true, detail: 1 }));
    };
    key("?");
    press(dialog.querySelector("dd")!);
    expect(dialog.hidden).toBe(false);
    press(el.querySelector('[data-card="9H"]')!);
    expect(dialog.hidden).toBe(true);
    expect(model.sent).toEqual([]); // the press closed the list; it did not try to play 9H
    press(el.querySelector('[data-card="9H"]')!);
    expect(model.sent).toHaveLength(1); // the next press plays as ever
  });

  it("says when Up or Down chooses no more, and whether a pile takes the cards held", () => {
    const { el } = mount();
    const key = keys(el);
    const live = () => el.querySelector(".ww-live")?.textContent;
    key("ArrowRight");
    key("ArrowUp"); // pile 2 has one face-up card
    expect(live()).toBe("Pile 2: 10 of spades, 2 face down; only one card moves from here");
    key("ArrowLeft");
    key("ArrowUp");
    expect(live()).toBe("Pile 1: 9 of hearts, 2 cards, 2 face down");
    key("ArrowUp");
    expect(live()).toBe("Pile 1: 9 of hearts, 2 cards, 2 face down; at most 2 cards move together here");
    key(" "); // pick up 9H 8H
    key("ArrowRight");
    expect(live()).toBe("Pile 2: 10 of spades, 2 face down; it takes the 2 cards held"); // the engine's t0 to t1 (2)
    key("ArrowLeft");
    key("ArrowLeft");
    expect(live()).toBe("Stock, 5 deals left; runs finished: spades (1 of 4); it does not take the 2 cards held");
  });

  it("says piles in words people use", () => {
    const { el } = mount();
    const key = keys(el);
    key("ArrowRight");
    // shown with the suit's symbol, read out (and named) in words
    expect(el.querySelector(".ww-message")?.textContent).toBe("Pile 2: 10\u2660, 2 face down");
    expect(el.querySelector(".ww-message")?.getAttribute("aria-hidden")).toBe("true");
    expect(el.querySelector(".ww-live")?.textContent).toBe("Pile 2: 10 of spades, 2 face down");
    expect(el.querySelector(".ww-live")?.getAttribute("aria-live")).toBe("assertive");
    expect(el.querySelector('[data-pile="t1"]')?.getAttribute("aria-label")).toBe("Pile 2: 2 face down, 1 face up, top 10 of spades");
    expect(el.querySelector('[data-pile="t0"]')?.getAttribute("aria-label")).toBe("Pile 1: 2 face down, 2 face up, top 8 of hearts");
  });
});

describe("words and controls", () => {
  it("labels the stock in words, and an empty stock shows no redeal symbol", () => {
    const { el, model } = mount();
    expect(el.querySelector('[data-pile="stock"] .ww-stock-label')?.textContent).toBe("5 deals left");
    model.emit("table", state({ version: 4, stock: { count: 0, deals_left: 0, action: "deal", label: "empty" } }));
    const stock = el.querySelector('[data-pile="stock"]') as HTMLElement;
    expect(stock.textContent).not.toContain("\u21ba");
    expect(stock.textContent).not.toMatch(/\b0\b/);
    expect(stock.getAttribute("aria-label")).toBe("Stock, empty");
  });

  it("the game menu shows each game's label once, and choosing one deals it at once", () => {
    const { el, model } = mount({ games: [
      { game: "will-o-the-wisp", variant: "standard", name: "Will o' the Wisp" },
      { game: "spider", variant: "two-suits", name: "Spider (two suits)" },
      { game: "black-widow", variant: "standard", name: "Black Widow", label: "Black Widow" },
    ] });
    const select = el.querySelector('select[aria-label="Game"]') as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual(["Will o' the Wisp", "Spider (two suits)", "Black Widow"]);
    select.value = "spider/two-suits";
    select.dispatchEvent(new Event("change"));
    (el.querySelector('button[aria-label="Leave"]') as HTMLElement).click();
    expect(model.sent).toEqual([{ type: "new_deal", game: "spider", variant: "two-suits", winnable: false }]);
  });

  it("a game with moves is left only when the player says so; Keep playing, Close or Escape keep it as it was", () => {
    const { el, model } = mount({ games: [
      { game: "will-o-the-wisp", variant: "standard", name: "Will o' the Wisp" },
      { game: "black-widow", variant: "standard", name: "Black Widow" },
    ] });
    const select = el.querySelector('select[aria-label="Game"]') as HTMLSelectElement;
    const ask = el.querySelector('[role="alertdialog"]') as HTMLElement;
    const root = el.querySelector(".ww-root") as HTMLElement;
    select.value = "black-widow/standard";
    select.dispatchEvent(new Event("change"));
    expect(ask.hidden).toBe(false);
    expect(ask.textContent).toContain("Switch to Black Widow? The 4 moves made in this game will be lost.");
    expect(el.ownerDocument.activeElement?.textContent).toBe("Keep playing"); // the safe answer is the default
    (el.querySelector('button[aria-label="Keep playing"]') as HTMLElement).click();
    expect(ask.hidden).toBe(true);
    expect(select.value).toBe("will-o-the-wisp/standard"); // the menu shows the game still in play
    (el.querySelector('button[aria-label="New deal"]') as HTMLElement).dispatchEvent(
      new MouseEvent("click", { bubbles: true, detail: 1 })); // with the pointer: the toolbar hands the focus back
    expect(ask.textContent).toContain("Deal a new game?");
    expect(el.ownerDocument.activeElement?.textContent).toBe("Keep playing"); // not to the table, past the dialog
    ask.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(ask.hidden).toBe(true);
    (el.querySelector('button[aria-label="New deal"]') as HTMLElement).click();
    (ask.querySelector('button[aria-label="Close"]') as HTMLElement).click();
    (el.querySelector('button[aria-label="Daily deal"]') as HTMLElement).click();
    expect(ask.textContent).toContain("Play the daily deal?");
    (el.querySelector('button[aria-label="Leave"]') as HTMLElement).click();
    expect(model.sent).toEqual([{ type: "daily" }]);
    model.sent.length = 0;
    expect(root.classList.contains("ww-dialog-open")).toBe(false);
    // nothing to lose: no move yet, the game won, or no move left
    for (const over of [{ moves: 0 }, { won: true }, { stuck: true }]) {
      model.emit("table", state({ version: 9, ...over }));
      (el.querySelector('button[aria-label="New deal"]') as HTMLElement).click();
      expect(ask.hidden).toBe(true);
    }
    expect(model.sent).toHaveLength(3);
  });

  it("moves Redo would replay count as moves to lose: after Review rewound a game, leaving it is asked and said", () => {
    const { el, model } = mount();
    const ask = el.querySelector('[role="alertdialog"]') as HTMLElement;
    const newDeal = () => (el.querySelector('button[aria-label="New deal"]') as HTMLElement).click();
    model.emit("table", state({ version: 9, moves: 2, can_redo: true }));
    newDeal();
    expect(ask.textContent).toContain("Deal a new game? The 2 moves made in this game, and those Redo would replay, " +
      "will be lost.");
    (el.querySelector('button[aria-label="Keep playing"]') as HTMLElement).click();
    model.emit("table", state({ version: 10, moves: 0, can_undo: false, can_redo: true })); // rewound to the deal
    newDeal();
    expect(ask.hidden).toBe(false);
    expect(ask.textContent).toContain("Deal a new game? The moves Redo would replay will be lost.");
    expect(model.sent).toEqual([]);
  });

  /** Type `text` in the deal-number box and press Enter; the box. */
  const enterDealNumber = (el: HTMLElement, text: string) => {
    const box = el.querySelector('input[aria-label="Deal number"]') as HTMLInputElement;
    box.value = text;
    box.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    return box;
  };

  it("the deal-number box deals on Enter and clears", () => {
    const { el, model } = mount();
    const box = enterDealNumber(el, "42");
    expect(el.querySelector('[role="alertdialog"]')?.textContent).toContain("Play deal 42?");
    (el.querySelector('button[aria-label="Leave"]') as HTMLElement).click();
    // the digits typed, as text: the kernel checks the range and says it in words
    // (with no winnable: the deal asked for is dealt as asked, whatever the Winnable switch says)
    expect(model.sent).toEqual([{ type: "new_deal", game: "will-o-the-wisp", variant: "standard", seed: "42" }]);
    expect(box.value).toBe("");
    (el.querySelector('button[aria-label="New deal"]') as HTMLElement).click();
    (el.querySelector('button[aria-label="Leave"]') as HTMLElement).click();
    expect(model.sent[1]).not.toHaveProperty("seed");
  });

  it("a deal number past 2**53 reaches the kernel digit for digit; a number that is no deal number is said", () => {
    // a player typed 12345678901234567 and was dealt ...568 (a float); 1e20 came as "seed has the wrong type (float)"
    const { el, model } = mount();
    const box = enterDealNumber(el, "0012345678901234567");
    expect(el.querySelector('[role="alertdialog"]')?.textContent).toContain("Play deal 12345678901234567?");
    (el.querySelector('button[aria-label="Leave"]') as HTMLElement).click();
    expect(model.sent.at(-1)).toMatchObject({ type: "new_deal", seed: "12345678901234567" });
    for (const typed of ["-5", "1.5"]) {
      const before = model.sent.length;
      enterDealNumber(el, typed);
      expect(model.sent.length).toBe(before); // nothing asked of the kernel, no dialog
      const live = el.querySelector(".ww-live") as HTMLElement;
      expect(live.textContent).toBe("A deal number is a whole number: 0, 1, 2 and so on.");
      expect(live.dataset.kind).toBe("error"); // drawn as the kernel's refusals are
      expect(box.value).toBe(typed); // kept, to be mended
    }
  });

  it("Winnable is sent at once; hint and solve carry the version, once the kernel speaks the job protocol", () => {
    const { el, model } = mount({ job: {} });
    const box = el.querySelector('input[aria-label="Winnable"]') as HTMLInputElement;
    box.checked = true;
    box.dispatchEvent(new Event("change"));
    expect(model.sent).toEqual([{ type: "winnable", value: true }]);
    (el.querySelector('button[aria-label="Hint"]') as HTMLElement).click();
    expect(model.sent[1]).toEqual({ type: "hint", version: 3 });
  });
});

describe("panels drawn from the kernel's traits", () => {
  it("long work shows its label and progress; the toolbar's Stop stops it", () => {
    const { el, model } = mount({ job: {} });
    const panel = el.querySelector(".ww-job") as HTMLElement;
    expect(panel.hidden).toBe(true);
    model.emit("job", { kind: "winnable", label: "Proving the deal winnable", positions: 12345, cancellable: true });
    model.emit("busy", true);
    expect(panel.hidden).toBe(false);
    expect(panel.textContent).toContain("Proving the deal winnable");
    expect(panel.textContent).toContain("12,345 positions");
    expect(panel.querySelector("button")).toBeNull();
    (el.querySelector('.ww-toolbar button[aria-label="Stop"]') as HTMLElement).click();
    expect(model.sent).toEqual([{ type: "stop" }]);
    model.emit("job", {});
    expect(panel.hidden).toBe(true);
  });

  it("while Solve replays: a speed control (moves per second)", () => {
    const { el, model } = mount({ job: {}, replay_speed: 3 });
    const panel = el.querySelector(".ww-replay") as HTMLElement;
    expect(panel.hidden).toBe(true);
    model.emit("job", { kind: "replay", label: "Playing the solution", cancellable: true });
    expect(panel.hidden).toBe(false);
    const speed = panel.querySelector('input[aria-label="Replay speed"]') as HTMLInputElement;
    speed.value = String(Number(speed.max));
    speed.dispatchEvent(new Event("input"));
    expect(model.sent).toEqual([{ type: "speed", value: 20 }]);
    expect(panel.querySelector("button")).toBeNull(); // the toolbar's Stop stops it
    expect((el.querySelector('button[aria-label="Solve"]') as HTMLElement).textContent).toBe("Solve");
  });

  it("while Solve searches: its progress, not yet the replay speed", () => {
    const { el, model } = mount({ job: {}, replay_speed: 3 });
    model.emit("job", { kind: "solve", label: "Solving\u2026", positions: 5000, cancellable: true });
    expect((el.querySelector(".ww-job") as HTMLElement).hidden).toBe(false);
    expect((el.querySelector(".ww-replay") as HTMLElement).hidden).toBe(true);
  });

  it("the hint is an arrow and a sentence; an unproved hint says it is a suggestion", () => {
    const { el, model } = mount();
    model.emit("hint_move", { from: "t0", to: "t1", count: 2, text: "Move 9\u2665 8\u2665 onto 10\u2660.", proved: false });
    expect(el.querySelector("[data-hint-arrow]")).not.toBeNull();
    expect(el.querySelectorAll('[data-pile="t0"] .ww-hint').length).toBe(2);
    const onto = Array.from(el.querySelectorAll('[data-pile="t1"] [data-card]')).pop() as HTMLElement;
    expect(onto.classList.contains("ww-hint")).toBe(true); // the card they go onto, not the whole pile
    expect(el.querySelector('[data-pile="t1"]')!.classList.contains("ww-hint")).toBe(false);
    const text = el.querySelector(".ww-hint-text") as HTMLElement;
    expect(text.hidden).toBe(false);
    expect(text.textContent).toBe("Move 9\u2665 8\u2665 onto 10\u2660 (a suggestion, not a proof).");
    const said = "Try Deal: a suggestion, not a proof; no winning line was found within 250,000 positions.";
    model.emit("hint_move", { from: "stock", to: "tableau", count: 1, text: said, proved: false });
    expect(text.textContent).toBe(said); // the kernel said it already: once is enough
    const only = "Deal now: it is the only move.";
    model.emit("hint_move", { from: "stock", to: "tableau", count: 1, text: only, proved: false, only: true });
    expect(text.textContent).toBe(only); // the only move is no suggestion: nothing to choose
    model.emit("hint_move", {});
    expect(text.hidden).toBe(true);
    expect(el.querySelectorAll(".ww-hint").length).toBe(0);
  });

  it("a hint's words are drawn once: the same words in the message line are for screen readers only", () => {
    const { el, model } = mount();
    const line = el.querySelector(".ww-message") as HTMLElement;
    const live = el.querySelector(".ww-live") as HTMLElement;
    const said = "Play 9\u2665\u20138\u2665 (2 cards) from pile 1 onto 10\u2660 on pile 2: it starts a winning line.";
    model.emit("hint_move", { from: "t0", to: "t1", count: 2, text: said, proved: true });
    model.emit("message", { id: 5, kind: "info", text: said });
    expect(line.textContent).toBe(said);
    expect(line.classList.contains("ww-echo")).toBe(true);
    // read out in words
    expect(live.textContent).toBe("Play 9 of hearts to 8 of hearts (2 cards) from pile 1 onto 10 of spades on pile 2: it starts a winning line.");
    model.emit("message", { id: 6, kind: "info", text: "Undid a deal." });
    expect(line.classList.contains("ww-echo")).toBe(false); // other words: drawn
    expect(live.textContent).toBe("Undid a deal.");
    model.emit("message", { id: 7, kind: "info", text: said });
    model.emit("hint_move", {});
    expect(line.classList.contains("ww-echo")).toBe(false); // the hint bar has gone: the line shows them
  });

  it("after Review, a dashed arrow for the move played, drawn only while the hint says so", () => {
    const { el, model } = mount();
    const dashed = el.querySelector("[data-played-arrow]") as SVGPathElement;
    const solid = el.querySelector("path.ww-arrow-line") as SVGPathElement;
    model.emit("hint_move", { from: "t0", to: "t1", count: 1, text: "Instead of move 3 (...), ... keeps a win.",
      proved: true, played: { from: "t0", to: "t2", count: 1 } });
    expect(solid.getAttribute("d")).toMatch(/^M/);
    expect(dashed.getAttribute("d")).toMatch(/^M/);
    expect(dashed.style.display).toBe("");
    expect(el.querySelectorAll('[data-pile="t2"].ww-hint').length).toBe(0); // only the better move is lit
    model.emit("hint_move", { from: "stock", to: "tableau", count: 1, text: "Instead of move 3 (...), Deal keeps a win.",
      proved: true, played: { from: "t0", to: "t2", count: 1 } });
    expect(dashed.getAttribute("d")).toMatch(/^M/); // the move played is drawn even when the better one is a deal
    expect(solid.style.display).toBe("none");
    model.emit("hint_move", { from: "t0", to: "t1", count: 1, text: "Move it.", proved: true });
    expect(dashed.getAttribute("d")).toBeNull();
    expect(dashed.style.display).toBe("none");
    expect(solid.style.display).toBe("");
  });

  it("each table's arrows point at its own arrowheads (another table's may be hidden, in a closed tab)", () => {
    const first = mount().el, second = mount().el;
    const heads = (el: HTMLElement) => [...el.querySelectorAll("marker")].map((m) => m.id);
    const used = (el: HTMLElement) =>
      [...el.querySelectorAll("path[marker-end]")].map((p) => p.getAttribute("marker-end")!.slice(5, -1));
    for (const el of [first, second]) expect(used(el).sort()).toEqual(heads(el).sort());
    expect(heads(first).filter((id) => heads(second).includes(id))).toEqual([]);
  });

  it("after Review, a losing deal rings the stock in the dashed arrow's colour, until the hint goes", () => {
    const { el, model } = mount();
    const stock = el.querySelector('[data-pile="stock"]') as HTMLElement;
    model.emit("hint_move", { from: "t0", to: "t1", count: 1, text: "Instead of move 5 (a deal), ... keeps a win.",
      proved: true, played: { from: "stock", to: "tableau", count: 1 } });
    expect(stock.classList.contains("ww-played-deal")).toBe(true);
    expect(stock.classList.contains("ww-hint")).toBe(false);
    model.emit("hint_move", {});
    expect(stock.classList.contains("ww-played-deal")).toBe(false);
  });

  it("a win shows its summary, with Play again and Next winnable deal", () => {
    const { el, model } = mount({ win_summary: { moves: 88, seconds: 312, hints: 2, undos: 5 } });
    model.emit("table", state({ version: 9, won: true, seed: 7 }));
    const summary = el.querySelector("[data-win-summary]") as HTMLElement;
    expect(summary.hidden).toBe(false);
    expect(summary.textContent).toContain("88 moves \u00b7 5:12 \u00b7 2 hints \u00b7 5 undos");
    (summary.querySelector('button[aria-label="Play again"]') as HTMLElement).click();
    (summary.querySelector('button[aria-label="Next winnable deal"]') as HTMLElement).click();
    expect(model.sent).toEqual([
      { type: "new_deal", game: "will-o-the-wisp", variant: "standard", seed: 7 }, // Winnable left as it was
      { type: "new_deal", game: "will-o-the-wisp", variant: "standard", winnable: true },
    ]);
  });

  it("a win that Solve or Watch helped with does not say the player won it alone", () => {
    const { el, model } = mount({ win_summary: { moves: 145, seconds: 49, hints: 0, undos: 1, assisted: true } });
    model.emit("table", state({ version: 9, won: true, seed: 7 }));
    const summary = el.querySelector("[data-win-summary]") as HTMLElement;
    expect(summary.querySelector(".ww-win-title")!.textContent).toBe("Won, with help");
    expect(summary.textContent).not.toContain("You won");
    expect(summary.textContent).toContain("the win is not counted");
    model.emit("win_summary", { moves: 145, seconds: 49, hints: 0, undos: 1, assisted: true,
      help: "moves were made from Python: the game is not counted" });
    expect(summary.textContent).toContain("moves were made from Python: the game is not counted");
    expect(summary.textContent).not.toContain("Solve");
  });

  it("statistics open from a button", () => {
    const { el } = mount({ stats: { key: "will-o-the-wisp/standard", played: 10, won: 4, current_streak: 1, best_streak: 3, best_seconds: 200 } });
    const panel = el.querySelector("[data-stats]") as HTMLElement;
    expect(panel.hidden).toBe(true);
    (el.querySelector('button[aria-label="Statistics"]') as HTMLElement).click();
    expect(panel.hidden).toBe(false);
    expect(panel.textContent).toContain("4 (40%)");
    expect(panel.textContent).toContain("3:20");
    expect((panel.querySelector(".ww-stats-game") as HTMLElement).textContent).toBe("Will o' the Wisp");
    expect(panel.textContent).toContain("games played from Python and positions loaded are left out");
  });

  it("the clock shows the kernel's play time", () => {
    const { el } = mount({ table: state({ clock: { seconds: 75, running: false } }) });
    const clock = el.querySelector('[aria-label="Time"]') as HTMLElement;
    expect(clock.hidden).toBe(false);
    expect(clock.textContent).toBe("1:15");
  });
});

describe("dragging (mouse, touch or pen: pointer events)", () => {
  function pointer(type: string, target: Element, x: number, y: number, pointerType = "touch") {
    const event = new MouseEvent(type, { bubbles: true, clientX: x, clientY: y, button: 0 });
    Object.assign(event, { pointerId: 7, pointerType });
    target.dispatchEvent(event);
  }

  it("a touch drag lifts the run under the finger, lights the engine's targets and drops with a move", () => {
    const { el, model } = mount();
    const nine = el.querySelector('[data-card="9H"]') as HTMLElement;
    const target = el.querySelector('[data-pile="t1"]') as HTMLElement;
    pointer("pointerdown", nine, 10, 10);
    pointer("pointermove", document.body, 60, 80);
    const ghost = el.querySelector(".ww-ghost") as HTMLElement;
    expect(Array.from(ghost.querySelectorAll("[data-card]")).map((c) => (c as HTMLElement).dataset.card)).toEqual(["9H", "8H"]);
    expect(ghost.style.left).toBe("50px"); // pointer - grab offset (the card's box is at 0,0 in jsdom)
    expect(ghost.style.top).toBe("70px");
    expect(Array.from(el.querySelectorAll(".ww-accepts")).map((p) => (p as HTMLElement).dataset.pile)).toEqual(["t1", "t2"]); // the legal list: t0 -> t1 and t0 -> t2, two cards
    expect(nine.classList.contains("ww-lifted")).toBe(true);
    document.elementFromPoint = () => target;
    pointer("pointerup", document.body, 60, 80);
    expect(model.sent).toEqual([{ type: "move", from: "t0", to: "t1", count: 2, version: 3 }]);
    // the cards wait where they were let go until the engine answers; a refusal sends them home
    expect(el.querySelector(".ww-ghost")).not.toBeNull();
    model.emit("message", { id: 3, kind: "error", text: "refused" });
    expect(el.querySelector(".ww-ghost")).toBeNull();
    expect(nine.classList.contains("ww-lifted")).toBe(false);
  });

  it("a stack no move carries says so, and how many of its cards can move (from the engine's list)", () => {
    // t0 holds 9H 8H; the legal list moves one card only from it (to t2): the two cannot move
    const { el } = mount({ table: state({ legal: [["t0", "t2", 1]] }) });
    const nine = el.querySelector('[data-card="9H"]') as HTMLElement;
    pointer("pointerdown", nine, 10, 10);
    pointer("pointermove", document.body, 60, 80);
    expect(el.querySelector(".ww-live")?.textContent).toBe("Those 2 cards cannot move anywhere now; the top card of this pile can.");
    pointer("pointerup", document.body, 3000, 3000);
  });

  it("a pen drag dropped away from every pile sends nothing", () => {
    const { el, model } = mount();
    const nine = el.querySelector('[data-card="9H"]') as HTMLElement;
    pointer("pointerdown", nine, 10, 10, "pen");
    pointer("pointermove", document.body, 300, 300, "pen");
    document.elementFromPoint = () => document.body;
    pointer("pointerup", document.body, 3000, 3000, "pen");
    expect(model.sent).toEqual([]);
    expect(el.querySelector(".ww-ghost")).toBeNull();
  });
});

describe("the clock", () => {
  it("a redraw with the same kernel clock keeps counting on (the clock never jumps back)", () => {
    vi.useFakeTimers();
    try {
      const clock = new ClockView(document);
      clock.update({ seconds: 10, running: true });
      vi.advanceTimersByTime(30_000);
      expect(clock.el.textContent).toBe("0:40");
      clock.update({ seconds: 10, running: true }); // a message or a review's answer: the same clock
      expect(clock.el.textContent).toBe("0:40");
      vi.advanceTimersByTime(5_000);
      expect(clock.el.textContent).toBe("0:45");
      clock.update({ seconds: 50, running: false }); // the game was won: the kernel's time stands
      vi.advanceTimersByTime(5_000);
      expect(clock.el.textContent).toBe("0:50");
      clock.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it("a view opened after the last move shows the time now, counted from the kernel's wall clock", () => {
    vi.useFakeTimers();
    try {
      vi.setSystemTime(1_000_000_000);
      const clock = new ClockView(document); // a reload, 90 s after the last move
      clock.update({ seconds: 100, running: true, at: 1_000_000 - 90 });
      expect(clock.el.textContent).toBe("3:10");
      vi.advanceTimersByTime(10_000);
      expect(clock.el.textContent).toBe("3:20");
      const behind = new ClockView(document); // a browser whose clock is behind the kernel's
      behind.update({ seconds: 100, running: true, at: 1_000_000 + 60 });
      expect(behind.el.textContent).toBe("1:40"); // never less than the kernel said
      const stands = new ClockView(document); // a won game: the time stands, whenever it is shown
      stands.update({ seconds: 100, running: false, at: 1_000_000 - 3600 });
      expect(stands.el.textContent).toBe("1:40");
      for (const c of [clock, behind, stands]) c.dispose();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("a kernel that does not answer, and views that go", () => {
  it("says why the table does not move when the kernel is silent, and takes it back when the kernel speaks", () => {
    // a player restarted the kernel: clicks and Hint did nothing, and nothing said why
    vi.useFakeTimers();
    try {
      const { el, model } = mount();
      const live = el.querySelector(".ww-live") as HTMLElement;
      (el.querySelector('button[aria-label="Hint"]') as HTMLElement).click();
      vi.advanceTimersByTime(3_900);
      expect(live.textContent).toBe("");
      vi.advanceTimersByTime(200);
      expect(live.textContent).toMatch(/^Waiting for the kernel: it is busy running a cell, or it was restarted/);
      model.emit("busy", true); // the kernel answers at last
      expect(live.textContent).toBe("");
      (el.querySelector('button[aria-label="Hint"]') as HTMLElement).click();
      model.emit("busy", false); // answered within the time: nothing said
      vi.advanceTimersByTime(10_000);
      expect(live.textContent).toBe("");
    } finally {
      vi.useRealTimers();
    }
  });

  it("says at once when the kernel is gone, stops the clock and fades the table", () => {
    // Notebook 7 after a restart: the clock ran on, every button looked alive, and the page logged "Cannot send"
    vi.useFakeTimers();
    try {
      const { el, model } = mount({ table: state({ clock: { seconds: 10, running: true }, moves: 5 }) });
      const clockEl = el.querySelector(".ww-clock") as HTMLElement;
      vi.advanceTimersByTime(2_000);
      expect(clockEl.textContent).toBe("0:12");
      model.send = () => {
        throw new Error("Cannot send");
      };
      (el.querySelector('button[aria-label="Hint"]') as HTMLElement).click();
      const live = el.querySelector(".ww-live") as HTMLElement;
      expect(live.textContent).toMatch(/^This table has lost its kernel .*run this table's cell again/);
      expect(live.dataset.kind).toBe("error");
      expect(el.querySelector(".ww-root")!.classList.contains("ww-kernel-gone")).toBe(true);
      vi.advanceTimersByTime(10_000);
      expect(clockEl.textContent).toBe("0:12"); // stopped where it was
      expect(live.textContent).toMatch(/^This table has lost its kernel/); // not "Waiting for the kernel"
      live.textContent = "";
      (el.querySelector('button[aria-label="New deal"], button[data-action="new_deal"]') as HTMLElement).click();
      expect(el.querySelector('.ww-leave')?.hasAttribute("hidden")).toBe(true); // no "Leave this game?" for a deal
      expect(live.textContent).toMatch(/^This table has lost its kernel/); // that cannot come
    } finally {
      vi.useRealTimers();
    }
  });

  it("tells the kernel when it is drawn and when it is taken away", () => {
    const { model } = mount();
    expect(model.views).toEqual([true]);
    cleanup?.();
    cleanup = undefined;
    expect(model.views).toEqual([true, false]);
  });
});
