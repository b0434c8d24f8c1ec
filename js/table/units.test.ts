import { arc } from "./panels";
import { describe, expect, it } from "vitest";
import type { TableState } from "../types";
import { footerLift } from "./footer";
import { pileOrder, describePile } from "./keyboard";
import { columnsNeeded, fitMetrics, fitsAfresh, metrics, MIN_CARD_W, pileOffsets, tableauCap, wasteOffsets, ZOOM_IN_SPARE } from "./layout";
import { reconcile, released, type Slot } from "./reconcile";
import { cardText, cardWords, clockText, gameLabels, pileText, spoken, stockText } from "./words";

function table(overrides: Partial<TableState> = {}): TableState {
  return {
    game: "waxing-moon", variant: "standard", name: "Waxing Moon", family: "forty", seed: 1, version: 1,
    tableau: [{ down: 0, up: ["KS"] }, { down: 0, up: [] }], stock: { count: 3, deals_left: 3, action: "draw" },
    has_waste: true, waste: ["2C"], legal: [], moves: 0, can_undo: false, can_redo: false, won: false, stuck: false,
    reveal: false, top_rank: 13, foundations: [[], ["AH"]], ...overrides,
  };
}

describe("layout", () => {
  it("cards follow the width down to a legible minimum, and ten piles fit 600 px", () => {
    const wide = metrics(1384, 10);
    const narrow = metrics(560, 10);
    expect(wide.cardW).toBeGreaterThan(narrow.cardW);
    expect(10 * narrow.cardW + 9 * narrow.gap).toBeLessThanOrEqual(560);
    expect(metrics(100, 10).cardW).toBe(MIN_CARD_W);
    expect(narrow.cardH).toBe(Math.round(narrow.cardW * 1.4));
    // JupyterLab at 800 x 600 with its file browser open leaves a table 352 px of content: Black Widow's ten piles
    // overflowed it by 15 px at a 34 px floor
    const cell = metrics(352, 10);
    expect(10 * cell.cardW + 9 * cell.gap + 1).toBeLessThanOrEqual(352 + 1);
    expect(cell.cardW).toBeGreaterThanOrEqual(32);
  });

  it("the top row counts when it is wider than the tableau (a waste fan and eight foundations on four piles)", () => {
    expect(columnsNeeded(10, 8, false).columns).toBe(10);
    expect(columnsNeeded(4, 4, true).columns).toBeCloseTo(1 + 1.6 + 4);
  });

  it("short piles are fanned naturally", () => {
    const m = metrics(700, 7);
    const { offsets, height } = pileOffsets(2, 3, m, 10_000);
    expect(offsets).toEqual([0, m.naturalDown, 2 * m.naturalDown, 2 * m.naturalDown + m.naturalUp, 2 * m.naturalDown + 2 * m.naturalUp]);
    expect(height).toBe(offsets[4] + m.cardH);
  });

  it("long piles compress face-down cards first, then face-up cards, never below the corner's height", () => {
    const m = metrics(560, 10);
    const room = 6 * m.cardH;
    const some = pileOffsets(10, 20, m, room);
    const downStep = some.offsets[1] - some.offsets[0];
    expect(downStep).toBeLessThan(m.naturalDown);
    const upSteps = some.offsets.slice(11).map((y, i) => y - some.offsets[10 + i]);
    expect(Math.min(...upSteps)).toBeGreaterThanOrEqual(m.minUp - 0.1);
    // 40 face-up cards in little room: every step stays at least the corner's height, the pile grows instead
    const forty = pileOffsets(5, 40, m, 3 * m.cardH);
    const steps = forty.offsets.slice(6).map((y, i) => y - forty.offsets[5 + i]);
    expect(Math.min(...steps)).toBeGreaterThanOrEqual(m.minUp - 0.1);
    expect(forty.height).toBeGreaterThan(3 * m.cardH);
    expect(m.minUp).toBeGreaterThanOrEqual(m.cornerPad + m.cornerFont + 1);
    // each face-down card shows past its 2 px white border, at the smallest cards too: at 700 px the five
    // backs under a 40-card Black Widow pile were 2 px steps of white border, and the pile looked dug out
    for (const k of [m, metrics(0, 10)]) {
      const deep = pileOffsets(5, 40, k, 3 * k.cardH);
      const backs = deep.offsets.slice(0, 6).map((y, i, all) => (i ? y - all[i - 1] : 4)).slice(1);
      expect(Math.min(...backs)).toBeGreaterThanOrEqual(4);
    }
  });

  it("a lone back under a long pile keeps its natural step: one back as a 4 px strip was missed", () => {
    const m = metrics(1100, 10);
    for (const down of [1, 2]) {
      const pile = pileOffsets(down, 30, m, 4 * m.cardH); // no room: the face-up cards are at their floor
      expect(pile.offsets[down] - pile.offsets[down - 1]).toBeGreaterThanOrEqual(m.naturalDown - 0.1);
    }
    const five = pileOffsets(5, 30, m, 4 * m.cardH); // five backs close up, together two natural steps or more
    expect(five.offsets[5] - five.offsets[0]).toBeGreaterThanOrEqual(2 * m.naturalDown - 0.5);
    expect(five.offsets[1] - five.offsets[0]).toBeLessThan(m.naturalDown);
  });

  it("the fan uses the height it is given", () => {
    const m = metrics(560, 10);
    const tight = pileOffsets(5, 25, m, 7 * m.cardH);
    const roomy = pileOffsets(5, 25, m, 12 * m.cardH);
    expect(tight.height).toBeLessThanOrEqual(7 * m.cardH + 0.5);
    expect(roomy.height).toBeGreaterThan(tight.height);
    expect(tableauCap(1000, m)).toBeGreaterThan(tableauCap(600, m));
    expect(tableauCap(100, m)).toBe(m.cardH);
  });

  it("a laptop's short view holds the whole table: the cards zoom out rather than the piles run past it", () => {
    // Notebook 7 at 1024 x 640: a 538 px view, a cell about 900 px wide; five deals in, 2 face down and 6 up
    const piles = Array.from({ length: 7 }, () => ({ down: 2, up: 6 }));
    const m = fitMetrics(900, 7, 7, piles, 538);
    const tableau = pileOffsets(2, 6, m, tableauCap(538, m)).height;
    const toolbarAndFooter = 40 + 60; // a toolbar row; the status and message lines
    expect(toolbarAndFooter + m.cardH + m.gap + tableau).toBeLessThanOrEqual(538);
    expect(m.cardW).toBeLessThan(metrics(900, 7).cardW); // zoomed out to do it
  });

  it("the waste shows its last three cards fanned, a fourth hidden under them", () => {
    const m = metrics(700, 7);
    expect(wasteOffsets(4, m)).toEqual([0, 0, Math.round(0.3 * m.cardW), Math.round(0.6 * m.cardW)]);
    expect(wasteOffsets(1, m)).toEqual([0]);
  });
});

describe("words", () => {
  it("cards as people write them, piles counted from 1", () => {
    expect(cardText("7S")).toBe("7\u2660");
    expect(cardText("TH")).toBe("10\u2665");
    expect(pileText("t1")).toBe("pile 2");
    expect(pileText("f0")).toBe("foundation 1");
    expect(pileText("stock")).toBe("stock");
  });

  it("cards in words for assistive technology: every rank and suit", () => {
    const ranks: [string, string][] = [["A", "ace"], ["2", "2"], ["3", "3"], ["4", "4"], ["5", "5"], ["6", "6"],
      ["7", "7"], ["8", "8"], ["9", "9"], ["T", "10"], ["J", "jack"], ["Q", "queen"], ["K", "king"]];
    const suits: [string, string][] = [["C", "clubs"], ["D", "diamonds"], ["H", "hearts"], ["S", "spades"]];
    for (const [rank, rankWord] of ranks)
      for (const [suit, suitWord] of suits) {
        expect(cardWords(`${rank}${suit}`)).toBe(`${rankWord} of ${suitWord}`);
        expect(spoken(`on ${cardText(`${rank}${suit}`)}`)).toBe(`on ${rankWord} of ${suitWord}`); // as shown, said
      }
    expect(cardWords("AS")).toBe("ace of spades");
    expect(cardWords("TD")).toBe("10 of diamonds");
    expect(cardWords("KC")).toBe("king of clubs");
    expect(cardWords("JH")).toBe("jack of hearts");
    expect(cardWords("??")).toBe("an unseen card"); // the trace view keeps it from the class
  });

  it("sentences shown with symbols, said in words", () => {
    expect(spoken("J\u2665 does not go on 3\u2663 (it goes only on a 10).")).toBe(
      "Jack of hearts does not go on 3 of clubs (it goes only on a 10).");
    expect(spoken("Play 7\u2660 from pile 2 onto 8\u2665 on pile 5.")).toBe(
      "Play 7 of spades from pile 2 onto 8 of hearts on pile 5.");
    expect(spoken("6\u2660\u20134\u2660 (3 cards) from pile 1 to the empty pile 2")).toBe(
      "6 of spades to 4 of spades (3 cards) from pile 1 to the empty pile 2");
    expect(spoken("Moved 10\u2666 to foundation 1.")).toBe("Moved 10 of diamonds to foundation 1.");
    expect(spoken("Stock, 5 deals left; runs finished: \u2660 \u2665 (2 of 4)")).toBe(
      "Stock, 5 deals left; runs finished: spades and hearts (2 of 4)");
    expect(spoken("Mini Wisp (A-6 \u2660\u2665\u2663)")).toBe("Mini Wisp (A-6 of spades, hearts and clubs)");
    expect(spoken("Foundation 1, a finished run of \u2666")).toBe("Foundation 1, a finished run of diamonds");
    expect(spoken("You won in 108 moves!")).toBe("You won in 108 moves!");
    expect(spoken("Pile 3: empty")).toBe("Pile 3: empty");
    expect(spoken("")).toBe("");
  });

  it("the stock says what is left, in words", () => {
    expect(stockText({ count: 30, deals_left: 3, action: "deal" })).toBe("3 deals left");
    expect(stockText({ count: 10, deals_left: 1, action: "deal" })).toBe("1 deal left");
    expect(stockText({ count: 41, deals_left: 41, action: "draw" })).toBe("41 cards");
    expect(stockText({ count: 0, deals_left: 0, action: "draw" })).toBe("empty");
    expect(stockText({ count: 9, deals_left: 1, action: "deal", label: "kernel's words" })).toBe("kernel's words");
  });

  it("each game's menu entry once: the kernel's label, else the variant only where names repeat", () => {
    expect(gameLabels([
      { game: "spider", variant: "two-suits", name: "Spider (two suits)" },
      { game: "will-o-the-wisp", variant: "standard", name: "Will o' the Wisp" },
      { game: "will-o-the-wisp", variant: "relaxed", name: "Will o' the Wisp" },
      { game: "x", variant: "y", name: "X", label: "Label X" },
    ])).toEqual(["Spider (two suits)", "Will o' the Wisp", "Will o' the Wisp (relaxed)", "Label X"]);
  });

  it("times as m:ss", () => {
    expect(clockText(65)).toBe("1:05");
    expect(clockText(3723)).toBe("1:02:03");
    expect(clockText(0)).toBe("0:00");
  });
});

describe("keyboard order", () => {
  it("walks stock, waste, foundations, then the tableau", () => {
    expect(pileOrder(table())).toEqual(["stock", "waste", "f0", "f1", "t0", "t1"]);
  });

  it("skips a Spider-family game's foundations (no key does anything there); the stock names the finished runs", () => {
    const spider = table({ family: "spider", has_waste: false, foundations: undefined, runs_total: 2, finished: ["S"] });
    expect(pileOrder(spider)).toEqual(["stock", "t0", "t1"]);
    expect(describePile(spider, "stock")).toMatch(/; runs finished: \u2660 \(1 of 2\)$/);
    expect(describePile({ ...spider, finished: [] }, "stock")).toMatch(/; no run finished yet \(of 2\)$/);
  });

  it("says each pile in words", () => {
    expect(describePile(table(), "stock")).toBe("Stock, 3 cards");
    expect(describePile(table(), "waste")).toBe("Waste, 2\u2663, 1 card");
    expect(describePile(table(), "f1")).toBe("Foundation 2, A\u2665");
    expect(describePile(table(), "f0")).toBe("Foundation 1, empty");
    expect(describePile(table(), "t0")).toBe("Pile 1: K\u2660");
    expect(describePile(table(), "t1")).toBe("Pile 2: empty");
  });

  it("says the face-up card the chosen cards lie on (a player heard 3♣ and not the 10♥ under it)", () => {
    const t = table();
    t.tableau[0] = { down: 2, up: ["TH", "9S", "8H", "3C"] } as (typeof t.tableau)[0];
    expect(describePile(t, "t0")).toBe("Pile 1: 3♣ on 8♥, 2 face down");
    expect(describePile(t, "t0", 3)).toBe("Pile 1: 9♠, 3 cards, on 10♥, 2 face down");
    expect(describePile(t, "t0", 4)).toBe("Pile 1: 10♥, 4 cards, 2 face down");
  });
});

describe("reconciliation", () => {
  const s = (key: string, pile: string, index: number): Slot => ({ key, pile, index });

  it("a moved run keeps its cards; the card under it turns over in place", () => {
    const old = [s("hidden", "t0", 0), s("9H", "t0", 1), s("8H", "t0", 2), s("TS", "t1", 0)];
    const next = [s("4D", "t0", 0), s("TS", "t1", 0), s("9H", "t1", 1), s("8H", "t1", 2)];
    const m = reconcile(old, next, { move: ["t0", "t1", 2], kind: "play" });
    expect(m).toEqual([0, 3, 1, 2]);
    expect(released(old, m)).toEqual([]);
  });

  it("with two of a card, the one from the pile the move left is taken", () => {
    const old = [s("5C", "t0", 0), s("5C", "t3", 0), s("6D", "t1", 0)];
    const next = [s("5C", "t0", 0), s("6D", "t1", 0), s("5C", "t1", 1)];
    expect(reconcile(old, next, { move: ["t3", "t1", 1], kind: "play" })).toEqual([0, 2, 1]);
    // undone, the card goes back from where the move put it
    const undone = reconcile(next, old, { move: ["t3", "t1", 1], kind: "undo" });
    expect(undone).toEqual([0, 2, 1]);
  });

  it("cards dealt from the stock are new; cards that left the table are released", () => {
    const old = [s("KS", "t0", 0), s("QS", "t0", 1)];
    const dealt = [s("KS", "t0", 0), s("QS", "t0", 1), s("3H", "t0", 2)];
    expect(reconcile(old, dealt, null)).toEqual([0, 1, -1]);
    expect(released(dealt, reconcile(dealt, [s("KS", "f0", 0)], null))).toEqual([1, 2]);
  });
});

describe("zooming out for a long pile", () => {
  it("cards shrink (not below the minimum) until the longest pile fits the window's height", () => {
    const short = fitMetrics(1380, 10, 10, [{ down: 5, up: 1 }], 1000);
    expect(short.cardW).toBe(metrics(1380, 10).cardW);
    const long = fitMetrics(1380, 10, 10, [{ down: 5, up: 35 }], 1000);
    expect(long.cardW).toBeLessThan(short.cardW);
    expect(pileOffsets(5, 35, long, 0).height).toBeLessThanOrEqual(tableauCap(1000, long));
    expect(fitMetrics(1380, 10, 10, [{ down: 5, up: 90 }], 400).cardW).toBe(MIN_CARD_W);
  });

  it("cards zoomed out for a long pile stay that size while it shrinks a little (no zooming in and out)", () => {
    const long = fitMetrics(1380, 10, 10, [{ down: 5, up: 35 }], 1000);
    const after = fitMetrics(1380, 10, 10, [{ down: 5, up: 34 }], 1000, long.cardW);
    expect(after.cardW).toBe(long.cardW);
    expect(after.gap).toBe(long.gap);
    expect(fitMetrics(1380, 10, 10, [{ down: 5, up: 60 }], 1000, long.cardW).cardW).toBeLessThan(long.cardW);
    // a move undone and redone, again and again, at every length: the size changes at most once each way
    for (let up = 2; up <= 60; up++) {
      let widest = fitMetrics(1380, 10, 10, [{ down: 5, up }], 1000);
      const sizes = new Set<number>();
      for (let i = 0; i < 6; i++) {
        widest = fitMetrics(1380, 10, 10, [{ down: 5, up: up - (i % 2) }], 1000, widest.cardW);
        sizes.add(widest.cardW);
      }
      expect(sizes.size).toBe(1);
    }
  });

  it("cards grow back once the long pile is gone, to the full size when every pile is short", () => {
    const full = fitMetrics(1380, 10, 10, [{ down: 5, up: 1 }], 1200);
    const long = fitMetrics(1380, 10, 10, [{ down: 5, up: 40 }], 1200);
    expect(long.cardW).toBeLessThan(full.cardW);
    const back = fitMetrics(1380, 10, 10, [{ down: 0, up: 2 }], 1200, long.cardW);
    expect(back.cardW).toBe(full.cardW);
    // grown back, the piles still fit with room for ZOOM_IN_SPARE more cards each
    const middling = fitMetrics(1380, 10, 10, [{ down: 5, up: 14 }], 1200, long.cardW);
    expect(middling.cardW).toBeGreaterThan(long.cardW);
    expect(middling.cardW).toBeLessThan(full.cardW);
    expect(pileOffsets(5, 14 + ZOOM_IN_SPARE, middling, 0).height).toBeLessThanOrEqual(tableauCap(1200, middling));
  });

  it("a pile growing a card at a time zooms the table out in a few steps, each with room to spare", () => {
    let widest = Infinity;
    const sizes: number[] = [];
    for (let up = 1; up <= 40; up++) {
      const m = fitMetrics(1366, 10, 10, [{ down: 5, up }], 650, widest);
      if (m.cardW !== widest) sizes.push(m.cardW);
      widest = m.cardW;
      expect(pileOffsets(5, up, m, 0).height <= tableauCap(650, m) || m.cardW === MIN_CARD_W).toBe(true);
    }
    // the first size, then at most 8 changes (by 2 px at a time: 14, nearly every card the pile gained)
    expect(sizes.length).toBeLessThanOrEqual(9);
    expect(sizes.at(-1)).toBe(MIN_CARD_W);
  });
});

describe("the hint's arrow", () => {
  it("leaves straight up, crosses above both ends and lands straight down, at the ends it is given", () => {
    const d = arc({ from: { x: 700, y: 220 }, to: { x: 70, y: 250 }, apex: 160 });
    expect(d).toMatch(/^M700 220 V[\d.]+ Q700 160 [\d.]+ 160 H[\d.]+ Q70 160 70 [\d.]+ V250$/);
    // no apex: still above the higher end, by at least 12 px
    const low = arc({ from: { x: 100, y: 300 }, to: { x: 180, y: 280 } });
    const top = Number(low.match(/Q100 ([\d.]+)/)![1]);
    expect(top).toBeLessThanOrEqual(280 - 12);
  });

  it("bends in the right direction whichever way the move goes, and copes with a move straight down", () => {
    expect(arc({ from: { x: 10, y: 200 }, to: { x: 300, y: 200 }, apex: 150 })).toContain("H286");
    expect(arc({ from: { x: 300, y: 200 }, to: { x: 10, y: 200 }, apex: 150 })).toContain("H24");
    expect(arc({ from: { x: 50, y: 200 }, to: { x: 50, y: 260 }, apex: 150 })).not.toContain("NaN");
  });
});


describe("footer", () => {
  it("is lifted by what of the table lies below the view, never when the table ends inside it, at most to its cap", () => {
    expect(footerLift(809, 738, 400)).toBe(71);
    expect(footerLift(700, 738, 400)).toBe(0); // the table's end is in view: the footer rests under the board
    expect(footerLift(2000, 738, 400)).toBe(400); // the table starts below the view: never above the board's top
    expect(footerLift(809.6, 738, 400)).toBe(72);
  });
});

describe("fitsAfresh", () => {
  it("fits the cards afresh after a new deal or a jump of many moves, not after a move or its Undo", () => {
    expect(fitsAfresh({ kind: "new", move: null })).toBe(true);
    expect(fitsAfresh({ kind: "undo", move: null })).toBe(true); // Review's way back names no move
    expect(fitsAfresh({ kind: "play", move: ["t0", "t1", 1] })).toBe(false);
    expect(fitsAfresh({ kind: "undo", move: ["t0", "t1", 1] })).toBe(false);
    expect(fitsAfresh(null)).toBe(false);
  });
});
