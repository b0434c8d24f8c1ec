/**
 * The footer under the board (a hint's words, work in progress, the status line) stays in view while the table
 * is taller than the view it is scrolled in, as `position: sticky` would keep it. Sticky cannot do it here:
 * JupyterLab puts each output in a box of its own with `overflow: auto`, and a sticky element sticks to that box,
 * which never scrolls. So the footer is lifted by hand, by the amount the table reaches below the view.
 */

/** How far to lift the footer: the part of the table below the view's bottom, never above the board's top. */
export function footerLift(tableBottom: number, viewBottom: number, mostLift: number): number {
  return Math.round(Math.max(0, Math.min(tableBottom - viewBottom, mostLift)));
}

/** The ancestors of `el` that clip it (overflow other than visible), across shadow roots, short of the body
 * (the body's overflow is the window's, and JupyterLab's body has no height at all). */
export function clippingBoxes(el: HTMLElement, win: Window): HTMLElement[] {
  const boxes: HTMLElement[] = [];
  const page = el.ownerDocument.body;
  for (let box = parentOf(el); box && box !== page; box = parentOf(box))
    if (win.getComputedStyle(box).overflowY !== "visible") boxes.push(box);
  return boxes;
}

/** The lowest point on screen where what `boxes` clip can be seen: the window's bottom, or a box's above it. */
export function visibleBottom(boxes: HTMLElement[], win: Window): number {
  let bottom = win.innerHeight;
  for (const box of boxes) bottom = Math.min(bottom, box.getBoundingClientRect().top + box.clientTop + box.clientHeight);
  return bottom;
}

/** The element `el` is drawn in, across a shadow root's edge (marimo draws widgets in one). */
function parentOf(el: Element): HTMLElement | null {
  if (el.parentElement) return el.parentElement;
  const top = el.getRootNode();
  return top.nodeType === 11 && "host" in top ? ((top as ShadowRoot).host as HTMLElement) : null;
}

/** Keeps `footer` (the last child of `root`, under `board`) in view; `update` after anything that moves them.
 * The boxes that clip the table are watched too: a notebook's view that grows or shrinks moves its bottom. */
export class PinnedFooter {
  private frame = 0;
  private watched: HTMLElement[] = [];
  private watcher: ResizeObserver | undefined;
  constructor(private root: HTMLElement, private board: HTMLElement, private footer: HTMLElement,
              private win: Window | null) {
    if (typeof ResizeObserver !== "undefined") this.watcher = new ResizeObserver(() => this.update());
  }

  /** Lifts the footer now (a test, or a layout that has just settled). */
  pin(): void {
    this.frame = 0;
    if (!this.win || !this.root.isConnected) return;
    const boxes = clippingBoxes(this.root, this.win);
    this.watch(boxes);
    const mostLift = this.footer.offsetTop - this.board.offsetTop - this.board.offsetHeight / 3;
    const lift = footerLift(this.root.getBoundingClientRect().bottom, visibleBottom(boxes, this.win), mostLift);
    this.footer.style.transform = lift > 0 ? `translateY(${-lift}px)` : "";
    this.footer.classList.toggle("ww-footer-lifted", lift > 0);
  }

  /** Lifts the footer at the next frame: scrolling calls this many times a frame. */
  update(): void {
    if (!this.win || this.frame) return;
    if (typeof this.win.requestAnimationFrame !== "function") return this.pin();
    this.frame = this.win.requestAnimationFrame(() => this.pin());
  }

  dispose(): void {
    if (this.frame) this.win?.cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.watcher?.disconnect();
  }

  private watch(boxes: HTMLElement[]): void {
    if (!this.watcher || (boxes.length === this.watched.length && boxes.every((b, i) => b === this.watched[i]))) return;
    this.watcher.disconnect();
    for (const box of boxes) this.watcher.observe(box);
    this.watched = boxes;
  }
}
