/** The words the view says itself: cards as people write them ("7♠") on screen and in words ("7 of spades") for
 * assistive technology, piles counted from 1. */
import type { GameEntry, StockState } from "../types";

export const SUIT_SYMBOL: Record<string, string> = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
export const SUIT_NAME: Record<string, string> = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANK_NAME: Record<string, string> = { A: "ace", T: "10", J: "jack", Q: "queen", K: "king" };
const SUIT_OF_SYMBOL: Record<string, string> = Object.fromEntries(Object.entries(SUIT_SYMBOL).map(([s, y]) => [y, s]));
const RANK_OF_TEXT: Record<string, string> = { "10": "T" };

/** A card in words, the one rule for every name assistive technology reads (aria-labels, the live region): "JH"
 * -> "jack of hearts", "TD" -> "10 of diamonds", "AS" -> "ace of spades" (a number where the card prints one; a
 * screen reader says "J♥" as "J black heart suit"). A card the trace view keeps from the class ("??") is unseen. */
export function cardWords(card: string): string {
  if (card === "??") return "an unseen card";
  const rank = RANK_NAME[card[0]] ?? card[0];
  const suit = SUIT_NAME[card[1]];
  return suit ? `${rank} of ${suit}` : `${rank}, suit unseen`;
}

/** "spades", "spades and hearts", "spades, hearts and clubs". */
function listed(words: string[]): string {
  return words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}` : words.join("");
}

const RANK_TEXT = "(?:10|[2-9AJQK])";
const SUIT_TEXT = "[\u2663\u2666\u2665\u2660]";
const CARD_RUN = new RegExp(`(?<![\\w])(${RANK_TEXT}${SUIT_TEXT})\u2013(${RANK_TEXT}${SUIT_TEXT})`, "g"); // "6♠–4♠"
const CARD_SHOWN = new RegExp(`(?<![\\w])(${RANK_TEXT})(${SUIT_TEXT})`, "g"); // "10♥"
const RANKS_OF = new RegExp(`(?<![\\w])(${RANK_TEXT}[-\u2013]${RANK_TEXT}) (?=${SUIT_TEXT})`, "g"); // "A-6 ♠♥"
const SUIT_RUN = new RegExp(`${SUIT_TEXT}(?: ?${SUIT_TEXT})*`, "g"); // "♠♥", "♠ ♥"

/** A sentence as shown (cards "J♥", runs "6♠–4♠", suits "♠♥") in words for the live region: "jack of hearts",
 * "6 of spades to 4 of spades", "spades and hearts"; a sentence a card begins starts with a capital. The kernel's
 * messages and the view's own sentences are shown with symbols and said through this, so a card is named by
 * `cardWords` alone. */
export function spoken(text: string): string {
  const words = text
    .replace(CARD_RUN, "$1 to $2")
    .replace(CARD_SHOWN, (_, rank: string, suit: string) => cardWords(`${RANK_OF_TEXT[rank] ?? rank}${SUIT_OF_SYMBOL[suit]}`))
    .replace(RANKS_OF, "$1 of ")
    .replace(SUIT_RUN, (run) => listed([...run.replace(/ /g, "")].map((y) => SUIT_NAME[SUIT_OF_SYMBOL[y]])));
  return new RegExp(`^${RANK_TEXT}${SUIT_TEXT}`).test(text) ? capitalize(words) : words;
}

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
