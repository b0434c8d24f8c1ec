/** Cards drawn with our own DOM and CSS: no images, no network, crisp at any size. */

import { cardWords, SUIT_SYMBOL } from "./table/words";

/** The rank as printed on the card ("10" for T). */
export function rankLabel(card: string): string {
  return card[0] === "T" ? "10" : card[0];
}

export function isRed(card: string): boolean {
  return card[1] === "H" || card[1] === "D";
}

/** A face-up card element with data-card set to its code, named in words ("jack of hearts"), drawn with the
 * suit's symbol. */
export function faceUp(card: string, doc: Document = document): HTMLElement {
  const el = doc.createElement("div");
  el.className = `ww-card ww-face ${isRed(card) ? "ww-red" : "ww-black"}`;
  el.dataset.card = card;
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", cardWords(card));
  const symbol = SUIT_SYMBOL[card[1]] ?? "?";
  const corner = `<span class="ww-rank">${rankLabel(card)}</span><span class="ww-suit">${symbol}</span>`;
  // a card the trace view masks ("??", "4?") keeps one corner: turned upside down, "?" reads as "¿"
  const masked = card.includes("?");
  el.innerHTML =
    `<span class="ww-corner ww-tl">${corner}</span>` +
    `<span class="ww-pip">${symbol}</span>` +
    (masked ? "" : `<span class="ww-corner ww-br">${corner}</span>`);
  return el;
}

/** A face-down card: data-card="hidden" and named "face-down card" (its identity is never in the page), or
 * revealed for teaching ("face-down jack of hearts"). */
export function faceDown(revealed: string | undefined, doc: Document = document): HTMLElement {
  const el = doc.createElement("div");
  el.className = "ww-card ww-back";
  el.dataset.card = "hidden";
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", revealed ? `face-down ${cardWords(revealed)}` : "face-down card");
  if (revealed) {
    el.classList.add("ww-revealed", isRed(revealed) ? "ww-red" : "ww-black");
    el.dataset.revealed = revealed;
    el.textContent = `${rankLabel(revealed)}${SUIT_SYMBOL[revealed[1]] ?? ""}`;
  }
  return el;
}

/** An empty slot (a pile with no cards). */
export function slot(label: string, doc: Document = document): HTMLElement {
  const el = doc.createElement("div");
  el.className = "ww-card ww-slot";
  el.setAttribute("aria-hidden", "true");
  el.textContent = label;
  return el;
}

export { SUIT_SYMBOL };
