/**
 * Keyed reconciliation of cards between two states, with no DOM: which card on the table now is which card
 * that was there before, so it can keep its element and travel instead of being redrawn. Cards are keyed by
 * their code ("9H"); face-down cards by "hidden". Two-deck games have two of each card: the one from the pile
 * the last move left is preferred.
 */
import type { LastChange } from "../types";

export interface Slot {
  key: string; // card code, or "hidden"
  pile: string;
  index: number;
}

/** For each slot of `next`, the index in `old` of the card it continues, or -1 for a card new to the table. */
export function reconcile(old: Slot[], next: Slot[], last?: LastChange | null): number[] {
  const result = new Array<number>(next.length).fill(-1);
  const used = new Array<boolean>(old.length).fill(false);
  const at = new Map<string, number>();
  old.forEach((s, i) => at.set(`${s.pile}#${s.index}`, i));
  // 1. the same card in the same place stays
  next.forEach((s, j) => {
    const i = at.get(`${s.pile}#${s.index}`);
    if (i !== undefined && old[i].key === s.key) {
      result[j] = i;
      used[i] = true;
    }
  });
  // 2. a face-up card that moved: the same code elsewhere, from the pile the last move left first
  const source = last?.move ? (last.kind === "undo" ? last.move[1] : last.move[0]) : undefined;
  const byKey = new Map<string, number[]>();
  old.forEach((s, i) => {
    if (!used[i] && s.key !== "hidden") (byKey.get(s.key) ?? byKey.set(s.key, []).get(s.key)!).push(i);
  });
  next.forEach((s, j) => {
    if (result[j] >= 0 || s.key === "hidden") return;
    const candidates = (byKey.get(s.key) ?? []).filter((i) => !used[i]);
    if (!candidates.length) return;
    const i = candidates.find((c) => old[c].pile === source) ?? candidates.find((c) => old[c].pile === s.pile) ?? candidates[0];
    result[j] = i;
    used[i] = true;
  });
  // 3. a card that turned over (face-down <-> face-up) in place
  next.forEach((s, j) => {
    if (result[j] >= 0) return;
    const i = at.get(`${s.pile}#${s.index}`);
    if (i !== undefined && !used[i] && (old[i].key === "hidden") !== (s.key === "hidden")) {
      result[j] = i;
      used[i] = true;
    }
  });
  // 4. face-down cards that moved (a pile's face-down cards shift when it is cut): same pile first
  next.forEach((s, j) => {
    if (result[j] >= 0 || s.key !== "hidden") return;
    const i = old.findIndex((o, k) => !used[k] && o.key === "hidden" && o.pile === s.pile);
    if (i >= 0) {
      result[j] = i;
      used[i] = true;
    }
  });
  return result;
}

/** The old slots no new slot continues: cards that left what is drawn (to a foundation, back to the stock). */
export function released(old: Slot[], matches: number[]): number[] {
  const kept = new Set(matches.filter((i) => i >= 0));
  return old.map((_, i) => i).filter((i) => !kept.has(i));
}
