/** Keyboard play over every pile: the order Left/Right walk, and what each key asks of the engine. */
import type { TableState } from "../types";
import { capitalize, cardText, pileText, plural, stockText } from "./words";

/** Every pile a player can act on, in reading order: the top row (stock, waste, foundations), then the tableau.
 * A Spider-family game's foundations are left out: no card is put there or taken from there by hand (runs leave
 * by themselves), so the cursor would only stop where no key does anything; the stock says which runs are
 * finished instead (describePile). */
export function pileOrder(state: TableState): string[] {
  const foundations = state.family === "forty" ? state.foundations?.length ?? 0 : 0;
  return [
    "stock",
    ...(state.has_waste ? ["waste"] : []),
    ...Array.from({ length: foundations }, (_, i) => `f${i}`),
    ...state.tableau.map((_, i) => `t${i}`),
  ];
}

/** A Spider-family game's finished runs, for the stock's description: "; runs finished: ♠ ♥ (2 of 4)". */
function finishedRuns(state: TableState): string {
  if (state.family === "forty" || !state.runs_total) return "";
  const suits = (state.finished ?? []).map((suit) => (suit === "?" ? "?" : cardText(`K${suit}`).slice(-1)));
  return suits.length ? `; runs finished: ${suits.join(" ")} (${suits.length} of ${state.runs_total})`
    : `; no run finished yet (of ${state.runs_total})`;
}

/** The face-up cards a pile offers to be picked up, top last. */
export function movable(state: TableState, pile: string): string[] {
  if (pile.startsWith("t")) return state.tableau[Number(pile.slice(1))]?.up ?? [];
  if (pile === "waste") return state.waste.slice(-1);
  if (pile.startsWith("f") && state.family === "forty") return (state.foundations?.[Number(pile.slice(1))] ?? []).slice(-1);
  return [];
}

/** How many cards of `pile` the cursor may take: the most that a legal move carries (the kernel's list), so
 * ArrowUp never offers cards that cannot move together; at least one (picking it up says why it cannot move). */
export function mostMovable(state: TableState, pile: string): number {
  const counts = (state.legal ?? []).filter(([from]) => from === pile).map(([, , count]) => count);
  return Math.max(1, ...counts);
}

/** What the cursor says when it lands on a pile. */
export function describePile(state: TableState, pile: string, count = 1): string {
  if (pile === "stock") return `Stock, ${stockText(state.stock)}${finishedRuns(state)}`;
  if (pile === "waste") {
    const top = state.waste[state.waste.length - 1];
    return `Waste, ${top ? `${cardText(top)}, ${plural(state.waste.length, "card")}` : "empty"}`;
  }
  if (pile.startsWith("f")) {
    const i = Number(pile.slice(1));
    if (state.family === "forty") {
      const cards = state.foundations?.[i] ?? [];
      return `Foundation ${i + 1}, ${cards.length ? cardText(cards[cards.length - 1]) : "empty"}`;
    }
    const suit = state.finished?.[i];
    return `Foundation ${i + 1}, ${suit ? `a finished run of ${cardText(`K${suit}`).slice(-1)}` : "empty"}`;
  }
  const p = state.tableau[Number(pile.slice(1))];
  if (!p) return capitalize(pileText(pile));
  const n = Math.min(count, p.up.length);
  const top = p.up.length ? cardText(p.up[p.up.length - n]) : "empty";
  const down = p.down ? `, ${p.down} face down` : "";
  const under = p.up.length > n ? p.up[p.up.length - n - 1] : ""; // the face-up card the chosen ones lie on
  const on = under ? `${n > 1 ? "," : ""} on ${cardText(under)}` : "";
  return `${capitalize(pileText(pile))}: ${top}${n > 1 ? `, ${n} cards` : ""}${on}${down}`;
}

/** Every key of the table and what it does (the ? panel); `brief`, for the most used, is the summary said once
 * when the table is tabbed into. */
export const KEYS: [keys: string, does: string, brief?: string][] = [
  ["\u2190 \u2192", "move between the piles: the stock first, then along each row", "\u2190 \u2192 choose a pile"],
  ["\u2191 \u2193", "choose how many cards of a pile", "\u2191 \u2193 how many cards"],
  ["Enter", "play by the click rule (deal, on the stock)", "Enter plays"],
  ["Space", "pick up; Space again on another pile puts them there", "Space picks up and puts down"],
  ["Escape", "put down; close this panel"],
  ["D", "deal or draw from the stock", "D deals"],
  ["U, Ctrl+Z", "undo", "U undoes"],
  ["R, Ctrl+Y", "redo"],
  ["H", "hint", "H hints"],
  ["? or F1", "show these keys", "? lists every key"],
];

/** The sentence said the first time the table is tabbed into. */
export const KEYS_IN_BRIEF = `Keys: ${KEYS.flatMap(([, , brief]) => (brief ? [brief] : [])).join(", ")}.`;
