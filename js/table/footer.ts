/**
 * The view a table is scrolled in, and the footer under its board (a hint's words, work in progress, the status
 * line). The table fans its piles into the view's height (layout.ts), so a table scrolled to its top is seen
 * whole; one still taller (a pile too long even at the smallest cards) has its footer kept in view, as
 * `position: sticky` would keep it. Sticky cannot do it here: JupyterLab puts each output in a box of its own
 * with `overflow: auto`, and a sticky element sticks to that box, which never scrolls. So the footer is lifted
 * by hand, by the amount the table reaches below the view.
 */

/** How far to lift the footer: the part of the table below the view's bottom, at most `mostLift`. */
export function footerLift(tableBottom: number, viewBottom: number, mostLift: number): number {
  return Math.round(Math.max(0, Math.min(tableBottom - viewBottom, mostLift)));
}

/** The ancestors of `el` that clip it: overflow other than visible, with more content than room (a box whose
 * content fits, such as JupyterLab's output box around the table, clips nothing) or a greatest height (marimo's
 * output box, 610 px: it clips whatever grows past that, so it counts whether or not the table is past it now;
 * counted only while past it, a table that fitted once shrunk grew again, and the cards flipped between two
 * sizes many times a second), across shadow roots, short of the body (the body's overflow is the window's, and
 * JupyterLab's body has no height at all). */
export function clippingBoxes(el: HTMLElement, win: Window): HTMLElement[] {
  const boxes: HTMLElement[] = [];
  const page = el.ownerDocument.body;
  // what of the table itself reaches past its own box (a finished run flying home, the win banner over a short
  // table) is no content of the box around it: JupyterLab's output box, as tall as the table, then "clipped"
  // those few pixels, was taken for the view, and the won table zoomed out to its own height (after a win by
  // Solve, 102 px cards stayed until Play again)
  const spill = Math.max(0, el.scrollHeight - el.offsetHeight);
  for (let box = parentOf(el); box && box !== page; box = parentOf(box)) {
    const style = win.getComputedStyle(box);
    if (style.overflowY !== "visible" && (box.scrollHeight - spill > box.clientHeight + 1 || greatestHeight(style) !== null))
      boxes.push(box);
  }
  return boxes;
}

/** A box's greatest height in pixels (CSS max-height), or null when it has none. */
function greatestHeight(style: CSSStyleDeclaration): number | null {
  const most = parseFloat(style.maxHeight);
  return style.maxHeight.endsWith("px") && Number.isFinite(most) ? most : null;
}

/** The part of the screen, top to bottom, where what `boxes` clip can be seen: the window, or less. A box with
 * a greatest height is taken at that height (it grows to it before it clips). */
export function visibleSpan(boxes: HTMLElement[], win: Window): { top: number; bottom: number } {
  let top = 0;
  let bottom = win.innerHeight;
  for (const box of boxes) {
    const rect = box.getBoundingClientRect();
    const style = win.getComputedStyle(box);
    const most = greatestHeight(style);
    const frame = box.offsetHeight - box.clientHeight; // borders (and a scroll bar across the bottom)
    const room = most === null ? box.clientHeight : Math.max(box.clientHeight, most - frame);
    top = Math.max(top, rect.top + box.clientTop);
    bottom = Math.min(bottom, rect.top + box.clientTop + room);
  }
  return { top, bottom };
}

/** The height of the view `el` is scrolled in: the notebook's, where it is less than the window's. A box with a
 * greatest height (marimo's output box) holds the table below its own padding and whatever comes before it:
 * that much less is the table's (the table overflowed marimo's box by its 16 px padding). */
export function viewHeight(el: HTMLElement, win: Window | null): number {
  if (!win) return 900;
  const boxes = clippingBoxes(el, win);
  const { top, bottom } = visibleSpan(boxes, win);
  let room = bottom - top;
  for (const box of boxes) {
    const style = win.getComputedStyle(box);
    if (greatestHeight(style) === null) continue;
    const lead = el.getBoundingClientRect().top - (box.getBoundingClientRect().top + box.clientTop) + box.scrollTop;
    const own = visibleSpan([box], win);
    room = Math.min(room, own.bottom - own.top - Math.max(0, lead) - (parseFloat(style.paddingBottom) || 0));
  }
  return Math.max(200, room);
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
    const view = visibleSpan(boxes, this.win);
    const table = this.root.getBoundingClientRect();
    // only a table taller than the view: one that fits is seen whole by scrolling, with no card covered
    const mostLift = table.height <= view.bottom - view.top + 1 ? 0
      : this.footer.offsetTop - this.board.offsetTop - this.board.offsetHeight / 3;
    const lift = footerLift(table.bottom, view.bottom, mostLift);
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
