/**
 * Layout math, in pixels, with no DOM: how wide a card is for the room the cell gives, and where each card of
 * a pile sits. Long piles compress face-down cards first, then face-up cards, but never below the height of a
 * card's index corner, so every face-up card keeps its rank and suit readable.
 */

import type { LastChange } from "../types";

export const MIN_CARD_W = 32; // narrower and the corner ("10♦" at its 10 px floor) stops being legible
export const MAX_CARD_W = 120; // a wide cell (1920 px) is filled by seven piles, as a card table zooms in
export const ASPECT = 1.4;
export const WASTE_FAN = 0.3; // horizontal step of the waste's fanned cards, in card widths

export interface Metrics {
  cardW: number;
  cardH: number;
  gap: number;
  cornerFont: number; // px, the index corner's font size
  cornerPad: number; // px, from the card's edge to the corner
  minUp: number; // px, smallest step after a face-up card: the corner stays visible
  naturalUp: number;
  naturalDown: number;
  minDown: number;
}

/** Sizes for a table `width` px wide that must fit `columns` card widths side by side (`slots` gaps). */
export function metrics(width: number, columns: number, slots = Math.ceil(columns)): Metrics {
  const gaps = Math.max(0, slots - 1);
  let gap = 8;
  let cardW = (width - gaps * gap) / columns;
  gap = Math.max(3, Math.min(12, Math.round(cardW * 0.1)));
  cardW = Math.floor(Math.max(MIN_CARD_W, Math.min(MAX_CARD_W, (width - gaps * gap) / columns)));
  const cardH = Math.round(cardW * ASPECT);
  const cornerFont = Math.max(10, Math.round(cardW * 0.22));
  const cornerPad = Math.max(2, Math.round(cardW * 0.04));
  // 1 px border + padding + one line of the corner (line-height 1) + 2 px so the next card's edge clears it
  const minUp = 1 + cornerPad + cornerFont + 2;
  return {
    cardW, cardH, gap, cornerFont, cornerPad, minUp,
    naturalUp: Math.max(minUp, Math.round(cardH * 0.26)),
    naturalDown: Math.max(3, Math.round(cardH * 0.12)),
    minDown: Math.max(4, Math.round(cardH * 0.035)), // a back's 2 px white border and 2 px of its pattern
  };
}

/** How many card widths the widest row needs: the tableau, or the top row (stock, waste fan, foundations). */
export function columnsNeeded(piles: number, foundations: number, hasWaste: boolean): { columns: number; slots: number } {
  const top = 1 + (hasWaste ? 1 + 2 * WASTE_FAN : 0) + foundations;
  const topSlots = 1 + (hasWaste ? 1 : 0) + foundations + 1; // + the spacer's gap
  return top > piles ? { columns: top, slots: topSlots } : { columns: piles, slots: piles };
}

/**
 * The top of each card of a pile of `down` face-down then `up` face-up cards, so the pile is at most
 * `maxHeight` px tall where the floors allow: face-down steps shrink first (to `minDown`, but the backs together
 * keep two natural steps: one or two backs keep their natural step), then face-up steps (to `minUp`, never
 * less). Returns the offsets and the pile's height.
 */
export function pileOffsets(down: number, up: number, m: Metrics, maxHeight = Infinity): { offsets: number[]; height: number } {
  const n = down + up;
  if (n === 0) return { offsets: [], height: m.cardH };
  const downSteps = Math.min(down, n - 1); // a step follows every card but the last
  const upSteps = n - 1 - downSteps;
  const room = maxHeight - m.cardH;
  let d = m.naturalDown;
  let u = m.naturalUp;
  if (downSteps * d + upSteps * u > room) {
    // the backs together keep at least two natural steps (a lone back as a 4 px strip was missed on a long
    // Black Widow pile: a player took the pile for dug out)
    const floor = downSteps ? Math.max(m.minDown, Math.min(d, Math.ceil((2 * m.naturalDown) / downSteps))) : d;
    d = downSteps ? Math.max(floor, Math.min(d, (room - upSteps * u) / downSteps)) : d;
    if (downSteps * d + upSteps * u > room && upSteps) {
      u = Math.max(m.minUp, Math.min(u, (room - downSteps * d) / upSteps));
    }
  }
  const offsets: number[] = [];
  let y = 0;
  for (let i = 0; i < n; i++) {
    offsets.push(Math.round(y * 10) / 10);
    y += i < down ? d : u;
  }
  return { offsets, height: offsets[n - 1] + m.cardH };
}

/** The height `tableauCap` leaves for the table's toolbar and the lines under its board when it is not told
 * (the view measures them: `chrome`). */
export const CHROME = 200;

/**
 * The tallest a pile may grow before it compresses: the height of the view the table is scrolled in (the
 * notebook's, footer.ts) less the top row and `chrome` (the toolbar and the lines under the board, with room to
 * spare), at least one card. (At least three cards, as it was, made a laptop's 538 px view hold a table 601 px
 * tall: the floor, not the view, set the piles' height, and the cards never zoomed out.)
 */
export function tableauCap(viewportHeight: number, m: Metrics, chrome = CHROME): number {
  return Math.max(m.cardH, viewportHeight - m.cardH - m.gap - chrome);
}

/** The tableau's own height for piles this tall: never less than two cards (table.css, `.ww-tableau`), so
 * an empty table keeps its place. */
export const tableauHeight = (tallestPile: number, m: Metrics) => Math.max(tallestPile, 2 * m.cardH);

/** Left offsets of the waste's shown cards (the last `shown` of them; the first hides under the second). */
export function wasteOffsets(shown: number, m: Metrics): number[] {
  const spare = Math.max(0, shown - 3);
  return Array.from({ length: shown }, (_, i) => Math.round(Math.max(0, i - spare) * WASTE_FAN * m.cardW));
}

/** Whether a change fits the cards afresh, from full size: a new deal, a load or a restart ("new"), or a jump
 * of many moves at once (Review's way back to the move that lost, which names no move). A move, or its Undo,
 * keeps the size the table has zoomed to (fitMetrics' `widest`). */
export function fitsAfresh(last: LastChange | null | undefined): boolean {
  return last?.kind === "new" || (last != null && last.move === null);
}

/** Face-up cards every pile must have room to gain before cards zoom back in: a whole suit, the most one move
 * (or its Undo) adds to a pile, so a move and its Undo never zoom the table in and out again. */
export const ZOOM_IN_SPARE = 13;

/**
 * Sizes for the width, made smaller (down to the legible minimum) while the longest pile, fanned as tight as
 * its corners allow, would not fit the height the window gives: like a card table that zooms out. `widest` is
 * the size the table has zoomed to in this deal: cards stay that size while the piles shrink a little (an Undo
 * or a Redo does not zoom the whole table in again, and out on the next move), and grow back, a step at a time,
 * once every pile could gain ZOOM_IN_SPARE cards at the larger size and still fit (the long pile is gone: its
 * run finished, or thirty moves were undone; a player saw cards stay 57 px wide on a table of empty piles).
 */
export function fitMetrics(width: number, columns: number, slots: number, piles: { down: number; up: number }[],
                           viewportHeight: number, widest = Infinity, chrome = CHROME): Metrics {
  const sized = (w: number) =>
    metrics(w * columns + (slots - 1) * Math.max(3, Math.min(12, Math.round(w * 0.1))), columns, slots);
  const full = metrics(width, columns, slots);
  let m = full.cardW > widest ? sized(widest) : full;
  const tallest = (k: Metrics, spare = 0) =>
    tableauHeight(Math.max(0, ...piles.map((p) => pileOffsets(p.down, p.up + spare, k, 0).height)), k);
  const cap = (k: Metrics) => tableauCap(viewportHeight, k, chrome);
  while (m.cardW < full.cardW) {
    const larger = sized(Math.min(full.cardW, Math.max(m.cardW + 2, Math.ceil(m.cardW / 0.85))));
    if (larger.cardW <= m.cardW || tallest(larger, ZOOM_IN_SPARE) > cap(larger)) break;
    m = larger;
  }
  while (m.cardW > MIN_CARD_W && tallest(m) > cap(m)) {
    // 15% smaller at a time: the table zooms out in a few steps with room to spare, not by 2 px at every
    // card a pile gains (a player saw every card move five times in one game)
    const w = Math.max(MIN_CARD_W, Math.min(m.cardW - 2, Math.floor(m.cardW * 0.85)));
    m = sized(w);
    if (m.cardW >= w + 2) break; // no smaller size to be had
  }
  return m;
}
