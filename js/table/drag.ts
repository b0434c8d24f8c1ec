/**
 * Direct manipulation: the cards picked up follow the pointer (mouse, touch, pen) from press to drop, placed
 * by left/top at the pointer less the grab offset, with pointer capture. The cards in hand are drawn in the
 * browser's top layer (a manual popover, placed in the viewport's coordinates), so no scrolling box of the
 * notebook clips them when they are carried over the next cell or past the output's edge; where popovers are
 * not supported they are drawn inside the table's layer. The piles the engine lists as legal
 * targets light up. A drop on a pile sends a move (the engine judges it); a drop that plays nothing glides
 * the cards back. Until the engine answers a drop on a target, the cards wait where they were let go.
 */
import { h } from "../local_model";
import type { Box } from "./animate";

export const DRAG_THRESHOLD = 5;
const GLIDE_MS = 160;

export interface Pickup {
  pile: string;
  count: number;
  cards: HTMLElement[]; // the cards picked up, bottom first
}

export interface DragHost {
  root: HTMLElement;
  layer: HTMLElement; // position: relative; the ghost is placed inside it
  pickup(target: EventTarget | null): Pickup | null;
  targets(pile: string, count: number): Set<string>;
  pileAt(x: number, y: number): string | null;
  /** Send the move; true when the engine has been asked (the cards then wait for its answer). */
  drop(from: string, to: string, count: number, legal: boolean): boolean;
  started(pickup: Pickup, targets: Set<string>): void;
  motionOn(): boolean;
}

interface Active {
  pickup: Pickup;
  pointerId: number;
  startX: number;
  startY: number;
  grabX: number; // pointer minus the first card's box, at the press
  grabY: number;
  boxes: Box[]; // the picked cards' boxes at rest
  ghost?: HTMLElement;
  targets: Set<string>;
  layer?: { left: number; top: number }; // the ghost's containing box, read once per drag (and on scroll)
  topLayer?: boolean; // the ghost is drawn in the top layer, placed in the viewport
}

/** Show the ghost in the top layer, above every clipping box; false where the browser has no popovers. */
function toTopLayer(ghost: HTMLElement): boolean {
  if (typeof ghost.showPopover !== "function") return false;
  try {
    ghost.popover = "manual";
    ghost.showPopover();
    return ghost.matches(":popover-open");
  } catch {
    ghost.removeAttribute("popover");
    return false;
  }
}

export class Dragger {
  private active: Active | null = null;
  private waiting: { ghost: HTMLElement; cards: HTMLElement[]; timer: ReturnType<typeof setTimeout> } | null = null;
  /** Set after a drag so the click that follows the release does nothing. */
  suppressClick = false;

  constructor(private host: DragHost) {}

  get dragging(): boolean {
    return Boolean(this.active?.ghost);
  }

  down(event: PointerEvent): void {
    if (event.button !== 0 || this.active) return;
    const pickup = this.host.pickup(event.target);
    if (!pickup) return;
    this.settleWaiting(false);
    const first = pickup.cards[0].getBoundingClientRect();
    this.active = {
      pickup, pointerId: event.pointerId, startX: event.clientX, startY: event.clientY,
      grabX: event.clientX - first.left, grabY: event.clientY - first.top,
      boxes: pickup.cards.map((c) => c.getBoundingClientRect()), targets: new Set(),
    };
  }

  move(event: PointerEvent): void {
    const a = this.active;
    if (!a || event.pointerId !== a.pointerId) return;
    if (!a.ghost) {
      if (Math.hypot(event.clientX - a.startX, event.clientY - a.startY) < DRAG_THRESHOLD) return;
      this.lift(a);
    }
    event.preventDefault();
    this.place(a, event.clientX, event.clientY);
  }

  up(event: PointerEvent, cancelled = false): void {
    const a = this.active;
    if (!a || event.pointerId !== a.pointerId) return;
    this.active = null;
    if (!a.ghost) return; // no movement: the click handler plays it
    this.suppressClick = true;
    setTimeout(() => (this.suppressClick = false), 0);
    this.release(a, event);
    this.host.root.querySelectorAll(".ww-accepts").forEach((n) => n.classList.remove("ww-accepts"));
    const to = cancelled ? null : this.host.pileAt(event.clientX, event.clientY);
    if (to && to !== a.pickup.pile) {
      const legal = a.targets.has(to);
      if (this.host.drop(a.pickup.pile, to, a.pickup.count, legal) && legal) {
        // wait for the engine: the next state takes the cards from here; a refusal glides them back
        const timer = setTimeout(() => this.settleWaiting(true), 2000);
        this.waiting = { ghost: a.ghost, cards: a.pickup.cards, timer };
        return;
      }
    }
    this.glideBack(a.ghost, a.pickup.cards, a.boxes);
  }

  /** The engine has answered with a new state: hand over where the waiting cards are (for them to travel). */
  handOver(): Map<HTMLElement, Box> | null {
    const w = this.waiting;
    if (!w) return null;
    clearTimeout(w.timer);
    this.waiting = null;
    const boxes = new Map<HTMLElement, Box>();
    Array.from(w.ghost.children).forEach((c, i) => w.cards[i] && boxes.set(w.cards[i], c.getBoundingClientRect()));
    w.ghost.remove();
    for (const card of w.cards) card.classList.remove("ww-lifted");
    return boxes;
  }

  /** The engine refused (or never answered): the waiting cards go home. */
  settleWaiting(glide: boolean): void {
    const w = this.waiting;
    if (!w) return;
    clearTimeout(w.timer);
    this.waiting = null;
    if (glide && w.cards.every((c) => c.isConnected)) {
      this.glideBack(w.ghost, w.cards, w.cards.map((c) => c.getBoundingClientRect()));
    } else {
      w.ghost.remove();
      for (const card of w.cards) card.classList.remove("ww-lifted");
    }
  }

  /** Drop any drag in progress (a new state has moved the cards under it). */
  abort(): void {
    const a = this.active;
    this.active = null;
    if (a?.ghost) {
      a.ghost.remove();
      for (const card of a.pickup.cards) card.classList.remove("ww-lifted");
      this.host.root.querySelectorAll(".ww-accepts").forEach((n) => n.classList.remove("ww-accepts"));
    }
  }

  private lift(a: Active): void {
    const doc = this.host.root.ownerDocument;
    const ghost = h(doc, "div", "ww-ghost");
    ghost.setAttribute("aria-hidden", "true");
    const first = a.boxes[0];
    a.pickup.cards.forEach((card, i) => {
      const clone = card.cloneNode(true) as HTMLElement;
      clone.style.left = `${a.boxes[i].left - first.left}px`;
      clone.style.top = `${a.boxes[i].top - first.top}px`;
      clone.classList.remove("ww-hint", "ww-held");
      ghost.append(clone);
      card.classList.add("ww-lifted");
    });
    this.host.layer.append(ghost); // in the table's tree either way, so its styles and variables apply
    a.ghost = ghost;
    a.topLayer = toTopLayer(ghost);
    if (a.topLayer) a.layer = { left: 0, top: 0 };
    try {
      this.host.root.setPointerCapture?.(a.pointerId);
    } catch {
      /* a synthetic pointer has nothing to capture */
    }
    a.targets = this.host.targets(a.pickup.pile, a.pickup.count);
    for (const t of a.targets) this.host.root.querySelector(`[data-pile="${t}"]`)?.classList.add("ww-accepts");
    this.host.started(a.pickup, a.targets);
  }

  /** Where the layer is, read once per drag so a move only writes (no layout forced on every pointer move). */
  private measure(a: Active): void {
    const r = this.host.layer.getBoundingClientRect();
    a.layer = { left: r.left + this.host.layer.clientLeft, top: r.top + this.host.layer.clientTop };
  }

  /** The page scrolled under a drag: read the layer's place again (the top layer does not scroll). */
  scrolled(): void {
    if (this.active?.ghost && !this.active.topLayer) this.measure(this.active);
  }

  private place(a: Active, x: number, y: number): void {
    if (!a.layer) this.measure(a);
    a.ghost!.style.left = `${x - a.grabX - a.layer!.left}px`;
    a.ghost!.style.top = `${y - a.grabY - a.layer!.top}px`;
  }

  private release(a: Active, event: PointerEvent): void {
    try {
      if (this.host.root.hasPointerCapture?.(event.pointerId)) this.host.root.releasePointerCapture(event.pointerId);
    } catch {
      /* nothing captured */
    }
  }

  private glideBack(ghost: HTMLElement, cards: HTMLElement[], boxes: Box[]): void {
    const done = () => {
      ghost.remove();
      for (const card of cards) card.classList.remove("ww-lifted");
    };
    const now = ghost.firstElementChild?.getBoundingClientRect();
    if (!now || !boxes.length || !this.host.motionOn() || typeof ghost.animate !== "function") {
      done();
      return;
    }
    const dx = boxes[0].left - now.left;
    const dy = boxes[0].top - now.top;
    ghost.classList.add("ww-gliding");
    const animation = ghost.animate([{ transform: "translate(0, 0)" }, { transform: `translate(${dx}px, ${dy}px)` }],
      { duration: GLIDE_MS, easing: "ease-out", fill: "forwards" });
    animation.addEventListener("finish", done);
    animation.addEventListener("cancel", done);
  }
}
