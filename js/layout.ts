/** Where each card of a pile sits: fanned, compressed when the pile is long. */

export interface Fan {
  down: number; // offset after a face-down card, in card heights
  up: number; // offset after a face-up card, in card heights
}

const NATURAL: Fan = { down: 0.12, up: 0.26 };

/**
 * Offsets (in card heights) of each card in a pile of `down` face-down and `up`
 * face-up cards, so the whole pile fits within `maxHeight` card heights.
 */
export function pileOffsets(down: number, up: number, maxHeight = 4.2): number[] {
  const n = down + up;
  if (n === 0) return [];
  const natural = down * NATURAL.down + Math.max(0, up - 1) * NATURAL.up;
  const room = Math.max(0, maxHeight - 1);
  const scale = natural > room && natural > 0 ? room / natural : 1;
  const offsets: number[] = [];
  let y = 0;
  for (let i = 0; i < n; i++) {
    offsets.push(y);
    y += (i < down ? NATURAL.down : NATURAL.up) * scale;
  }
  return offsets;
}
