/**
 * Motion by FLIP: a card's box before a change and after it; it is drawn at the new place and travels there
 * from the old one with a transform. A new state snaps whatever is still moving to its end first. With
 * `prefers-reduced-motion` (or no Web Animations) nothing moves: cards are simply where they belong.
 * The root carries `data-moving` (the number of cards in flight) so tests and benchmarks can wait for rest.
 */

export const MOVE_MS = 180;
export const DEAL_MS = 130;
export const DEAL_STAGGER_MS = 6;
export const MAX_MS = 250;

export interface Box {
  left: number;
  top: number;
}

export class Motion {
  private running = new Map<Animation, () => void>();
  private exits = new Set<HTMLElement>();

  constructor(private root: HTMLElement) {}

  enabled(): boolean {
    const win = this.root.ownerDocument.defaultView;
    if (!win || typeof (this.root as HTMLElement & { animate?: unknown }).animate !== "function") return false;
    return !win.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  }

  get moving(): number {
    return this.running.size;
  }

  /** Finish everything in flight at once (a new state has come). */
  snap(): void {
    for (const [animation, end] of [...this.running]) {
      animation.finish();
      end(); // the finish event comes later; the clean-up must not
    }
    for (const el of [...this.exits]) el.remove();
    this.exits.clear();
    this.update();
  }

  /** Move `el` (already at its new place, whose box is `to`) so it appears to travel from `from`. */
  travel(el: HTMLElement, from: Box, to: Box, delay = 0, duration = MOVE_MS, z = 0): void {
    const dx = from.left - to.left;
    const dy = from.top - to.top;
    if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) return;
    duration = Math.min(duration, MAX_MS - delay);
    if (z) el.style.zIndex = String(z);
    // in flight a card is not where it lies: a click meant for the stock or the pile under it passes through
    el.classList.add("ww-flying");
    const animation = el.animate(
      [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }],
      { duration, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" },
    );
    this.track(animation, () => {
      if (z) el.style.zIndex = "";
      el.classList.remove("ww-flying");
    });
  }

  /** Fade `el` in after `delay` (a card shown where others are still arriving). */
  appear(el: HTMLElement, delay: number, duration = 80): void {
    const animation = el.animate([{ opacity: 0 }, { opacity: 1 }], { duration, delay, fill: "backwards" });
    this.track(animation);
  }

  /** `el` has left what is drawn: show it flying from `from` to `to` (boxes in `layer`), then remove it. */
  exit(el: HTMLElement, layer: HTMLElement, from: Box, to: Box, delay = 0, duration = MOVE_MS, z = 50): void {
    const origin = layer.getBoundingClientRect();
    el.style.left = `${from.left - origin.left}px`;
    el.style.top = `${from.top - origin.top}px`;
    el.style.zIndex = String(z);
    el.classList.add("ww-leaving");
    layer.append(el);
    this.exits.add(el);
    duration = Math.min(duration, MAX_MS - delay);
    const animation = el.animate(
      [{ transform: "translate(0, 0)" }, { transform: `translate(${to.left - from.left}px, ${to.top - from.top}px)` }],
      { duration, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "both" },
    );
    this.track(animation, () => {
      el.remove();
      this.exits.delete(el);
    });
  }

  private track(animation: Animation, done?: () => void): void {
    const end = () => {
      if (!this.running.delete(animation)) return;
      done?.();
      this.update();
    };
    this.running.set(animation, end);
    animation.addEventListener("finish", end);
    animation.addEventListener("cancel", end);
    this.update();
  }

  private update(): void {
    if (this.running.size) this.root.dataset.moving = String(this.running.size);
    else delete this.root.dataset.moving;
  }
}
