/** The words the view says itself: cards as people write them ("7♠"), piles counted from 1. */
import type { GameEntry, StockState } from "../types";

export const SUIT_SYMBOL: Record<string, string> = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };

/** "7S" -> "7♠", "TH" -> "10♥". */
export function cardText(card: string): string {
  return `${card[0] === "T" ? "10" : card[0]}${SUIT_SYMBOL[card[1]] ?? card[1]}`;
}

/** The run a Spider-family foundation takes: 13 -> "K\u2013A", 6 -> "6\u2013A". */
export function runText(topRank: number): string {
  const top = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"][Math.min(13, Math.max(1, topRank)) - 1];
  return `${top}\u2013A`;
}

/** What an empty foundation shows, from how the game's foundations fill (`family`, from its rules): a Spider-family
 * foundation the run it takes ("K\u2013A", any suit), a foundation built up in suit where it starts ("A": an Ace
 * goes there first). */
export function foundationSlotText(family: "spider" | "forty", topRank: number): string {
  return family === "spider" ? runText(topRank) : "A";
}

/** "t1" -> "pile 2", "f0" -> "foundation 1", "stock", "waste". */
export function pileText(pile: string): string {
  if (/^t\d+$/.test(pile)) return `pile ${Number(pile.slice(1)) + 1}`;
  if (/^f\d+$/.test(pile)) return `foundation ${Number(pile.slice(1)) + 1}`;
  if (pile === "tableau") return "the piles";
  return pile;
}

export function capitalize(text: string): string {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** The stock's own words: the kernel's label when it sends one. */
export function stockText(stock: StockState): string {
  if (stock.label) return stock.label;
  if (stock.count === 0) return "empty";
  return stock.action === "deal" ? `${plural(stock.deals_left, "deal")} left` : plural(stock.count, "card");
}

/** A game's menu entry, shown once: the kernel's label, else the name (with the variant only where names repeat). */
export function gameLabels(games: GameEntry[]): string[] {
  return games.map((g) => {
    if (g.label) return g.label;
    const shared = games.filter((o) => o.name === g.name).length > 1;
    return shared && g.variant !== "standard" ? `${g.name} (${g.variant})` : g.name;
  });
}

/** "1:05", "12:00", "1:02:03". */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** "Move 3 cards from pile 1 to pile 2" style, for a move the view describes. */
export function moveText(from: string, to: string, count = 1): string {
  const what = count > 1 ? `${count} cards` : "a card";
  if (from === "stock") return "deal";
  return `${what} from ${pileText(from)} to ${pileText(to)}`;
}
