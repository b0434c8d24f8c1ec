/**
 * The table view. It draws the public state the engine sends and turns clicks, drags and keys into requests;
 * it never decides whether a move is legal. Drag targets come from the `legal` list sent with every state.
 * Cards keep their elements from one state to the next (keyed reconciliation) so they can travel (FLIP).
 */
import { faceDown, faceUp, slot } from "../cards";
import { h, listen } from "../local_model";
import { followTheme } from "../theme";
import { POSITIONAL_REQUESTS } from "../schema.gen";
import type { HintMove, Job, Message, Request, TableModel, TableState } from "../types";
import { type Box, DEAL_MS, DEAL_STAGGER_MS, MOVE_MS, Motion } from "./animate";
import { KernelWatch } from "../kernel_watch";
import { Dragger, type Pickup } from "./drag";
import { PinnedFooter, viewHeight } from "./footer";
import { describePile, KEYS_IN_BRIEF, mostMovable, movable, pileOrder } from "./keyboard";
import { CHROME, columnsNeeded, fitMetrics, fitsAfresh, type Metrics, metrics, pileOffsets, tableauCap, wasteOffsets }
  from "./layout";
import { type ArrowEnds, ClockView, HintArrow, JobPanel, keysDialog, LeaveDialog, ReplayPanel, StatsPanel, WinPanel } from "./panels";
import { reconcile, released, type Slot } from "./reconcile";
import { Toolbar } from "./toolbar";
import { capitalize, cardText, cardWords, foundationSlotText, pileText, plural, spoken, stockText } from "./words";

/** Requests answered by a new table (the others, such as a hint, leave the cards where they are). */
const CHANGES_TABLE = new Set(["click", "move", "deal", "undo", "redo", "restart"]);

/** Requests made on the state the player sees: they carry its version. */
/** ...and, once the kernel speaks the job protocol (it has a `job` trait), these too. */
/** Held while an answer is awaited, then sent with the new version (they do not depend on where cards lie). */
const QUEUEABLE = new Set(["deal", "undo", "redo"]);
/** The table's keys that a toolbar button or an open dialog passes on to the table (docs/widget.md). */
const TABLE_KEYS = new Set(["d", "D", "u", "U", "r", "R", "h", "H", "?", "ArrowLeft", "ArrowRight", "ArrowUp",
  "ArrowDown", "Home", "End"]);
const KERNEL_GONE = "This table has lost its kernel (restarted or shut down): run this table's cell again to play.";
/** The lines under the board a table makes room for (a hint's words, the status line, Watch's speed): the
 * footer's usual height, so a message that comes and goes does not zoom the cards. */
const FOOTER_ROOM = 64;
/** A change of width no larger than a scroll bar's (and some) keeps the cards' size. */
const SCROLL_BAR_ROOM = 24;
/** Cards narrower than this show the stock's count without its words. */
const SMALL_CARD_W = 64;
const KERNEL_SILENT = "Waiting for the kernel: it is busy running a cell, or it was restarted (then run this " +
  "table's cell again).";
const NARROW = 760; // below this the rarer actions always go behind More
const RANKS = "A23456789TJQK";

interface CardEntry {
  el: HTMLElement;
  slot: Slot;
  sig: string; // what the element shows: the code, "hidden", or "hidden:QC" when revealed
}

interface Cursor {
  at: number; // index into pileOrder(state)
  count: number;
  holding?: { pile: string; count: number };
}

/** A box on the page (a DOMRect's fields that the arrows need). */
type Rect = { left: number; top: number; width: number; height: number };

/** Whether `el` has the focus a keyboard gives (Tab), not a click's. */
function focusVisible(el: HTMLElement): boolean {
  try {
    return el.matches(":focus-visible");
  } catch {
    return false; // a browser without :focus-visible
  }
}

export function createTable(model: TableModel, el: HTMLElement): () => void {
  const doc = el.ownerDocument;
  const win = doc.defaultView;
  const viewOnly = Boolean(model.get("view_only"));
  const root = h(doc, "div", "ww-root");
  root.tabIndex = 0;
  // JupyterLab (Lumino) leaves keys pressed in here to the table: "a" or "d d" must not add or delete cells.
  root.dataset.lmSuppressShortcuts = "true";
  root.setAttribute("role", "application");
  root.setAttribute("aria-label", "Solitaire table");
  root.setAttribute("aria-roledescription", "solitaire table; arrows move, Enter plays, Space picks up, ? shows the keys");
  if (viewOnly) root.classList.add("ww-view-only");

  const toolbar = new Toolbar(doc, {
    action: (action) => runAction(action),
    // (not from a dialog the click opened: "Leave this game?" keeps the focus on Keep playing)
    focusTable: () => shownDialog() || root.focus({ preventScroll: true }),
    chooseGame: (game, variant) => leaveGame(`Switch to ${toolbar.game.selectedOptions[0]?.textContent ?? game}?`,
      () => send({ type: "new_deal", game, variant, winnable: toolbar.winnableBox.checked }),
      () => (toolbar.game.value = `${state.game}/${state.variant}`)),
    // the deal typed, as asked: Winnable picks the deals New deal chooses (the kernel says when this one is not
    // proved winnable)
    dealNumber: (seed) => leaveGame(`Play deal ${seed}?`, () => send({ type: "new_deal", game: state.game,
      variant: state.variant, seed })),
    notADealNumber: () => say("A deal number is a whole number: 0, 1, 2 and so on.", "error"),
    winnable: (value) => send({ type: "winnable", value }),
  });
  const jobPanel = new JobPanel(doc);
  const replayPanel = new ReplayPanel(doc, (r) => send(r));
  const board = h(doc, "div", "ww-board");
  const top = h(doc, "div", "ww-top");
  const tableau = h(doc, "div", "ww-tableau");
  const arrow = new HintArrow(doc);
  board.append(top, tableau, arrow.svg);
  const statusRow = h(doc, "div", "ww-status-row");
  const status = h(doc, "div", "ww-status");
  status.setAttribute("role", "status");
  const clock = new ClockView(doc);
  statusRow.append(status, clock.el);
  // what the table says: shown with the cards' symbols (the message line, "J♥ does not go on 3♣"), read out in
  // words (the live region, not drawn: "jack of hearts does not go on 3 of clubs"); say() writes both
  const line = h(doc, "div", "ww-message");
  line.setAttribute("aria-hidden", "true");
  const live = h(doc, "div", "ww-live");
  live.setAttribute("aria-live", "assertive");
  const winPanel = new WinPanel(doc, () => playAgain(), () => send({ type: "new_deal", game: state.game, variant: state.variant, winnable: true }));
  const statsPanel = new StatsPanel(doc, () => closeDialog(statsPanel.el));
  const keys = keysDialog(doc, () => closeDialog(keys));
  const leave: LeaveDialog = new LeaveDialog(doc, () => closeDialog(leave.el));
  const dialogs = [keys, statsPanel.el, leave.el];
  const shownDialog = () => dialogs.find((d) => !d.hidden); // at most one is open
  // Work in progress (a hint, Review, Watch, Solve) shows under the board, so its bar never moves the cards
  // under the pointer. The footer holding it is lifted into the notebook's view while the table is taller than
  // the view (footer.ts), so a hint's words and a job's progress are read without scrolling past a long pile.
  const footer = h(doc, "div", "ww-footer");
  if (!viewOnly) footer.append(jobPanel.el, replayPanel.el);
  footer.append(arrow.text, statusRow, line, live);
  if (!viewOnly) root.append(toolbar.el);
  root.append(board, footer);
  const pinned = new PinnedFooter(root, board, footer, viewOnly ? null : win); // a trace's board: never lifted
  if (!viewOnly) root.append(winPanel.el, statsPanel.el, keys, leave.el);
  el.append(root);
  const theme = followTheme(root); // light or dark as the notebook is, whatever the browser prefers

  const motion = new Motion(root);
  let state: TableState = model.get("table") as TableState;
  let shape = "";
  let m: Metrics = metrics(640, 7);
  let chrome = CHROME; // the height of all but the board (layout)
  let footerRoom = FOOTER_ROOM; // the footer's height the last layout made room for
  const piles = new Map<string, HTMLElement>();
  let cards: CardEntry[] = [];
  const cursor: Cursor = { at: -1, count: 1 };
  let keyboardMode = false;
  /** The document or shadow root the table lives in (marimo draws widgets in a shadow root). */
  const scope = () => root.getRootNode() as Document | ShadowRoot;

  // -- requests -------------------------------------------------------------------------------------------

  let pending = false;
  /** A click plays at once, and every click is sent: the engine decides. A player used to "click the card, then
   * where it goes" clicks the target next, on the card that has just landed there; that click is sent too (a
   * fast player clicks the card again to move it on), and only its refusal's words are kept quiet (the card
   * has just gone where it was wanted): a click on a card of the move just drawn, soon after. */
  const CLICK_LANDED_MS = 1500;
  let clicked: { pile: string; at: number } | null = null; // the last click sent, until its answer is drawn
  let landed: { pile: string; count: number; at: number } | null = null; // the cards that click has moved
  let quietRefusal = false; // the click sent was on the cards just landed: a refusal of it says nothing
  /** Requests held until the engine has answered the last one. A click on a card is held too, with a check
   * that the card is still where it was clicked (else it is let go: the player clicked what has since moved,
   * often the card that the first click has just put there). */
  const queue: { request: Request; still?: () => boolean; sent?: () => void }[] = [];

  function send(request: Request, still?: () => boolean, sent?: () => void): void {
    if (viewOnly) return;
    if (pending && (QUEUEABLE.has(request.type) || still)) {
      queue.push({ request, still, sent });
      return;
    }
    if ((POSITIONAL_REQUESTS as readonly string[]).includes(request.type)) {
      (request as { version?: number }).version = state.version;  // made on the table the player sees
      if (CHANGES_TABLE.has(request.type)) pending = true;  // held requests wait for the new table
    }
    sent?.();
    // the requests the kernel always answers: unanswered in time, the table says why it does not move
    kernel.send(request as Record<string, unknown>, (POSITIONAL_REQUESTS as readonly string[]).includes(request.type)
      || request.type === "new_deal" || request.type === "daily");
  }

  /** The kernel is gone (restarted, or shut down): said at once, the clock stopped, the table drawn faded. */
  function kernelGone(): void {
    pending = false;
    queue.length = 0;
    clock.stop();
    root.classList.add("ww-kernel-gone");
    say(KERNEL_GONE, "error");
  }

  // a kernel running a long cell handles the table's requests after it; a restarted one never does
  const kernel = new KernelWatch((content) => model.send(content), () => say(KERNEL_SILENT), kernelGone);
  function heard(): void {
    kernel.heard();
    if (line.textContent === KERNEL_SILENT) say("");
  }

  function answered(): void {
    pending = false;
    let next = queue.shift();
    while (next?.still && !next.still()) next = queue.shift();
    if (next) send(next.request, next.still, next.sent);
  }

  function say(text: string, kind: Message["kind"] = "info"): void {
    line.textContent = text;
    line.dataset.kind = kind;
    live.textContent = spoken(text);
    live.dataset.kind = kind;
    markEcho();
  }

  function runAction(action: string): void {
    if (action === "new_deal") leaveGame("Deal a new game?", () => send({ type: "new_deal", game: state.game,
      variant: state.variant, winnable: toolbar.winnableBox.checked }));
    else if (action === "daily") leaveGame("Play the daily deal?", () => send({ type: "daily" }));
    else if (action === "stats") toggleDialog(statsPanel.el);
    else if (action === "keys") toggleDialog(keys);
    else if (action) send({ type: action } as Request);
  }

  function playAgain(): void {
    if (state.seed === null) send({ type: "restart" });
    // the same deal again, with Winnable left as the player set it (it sent winnable: false, which unticked it)
    else send({ type: "new_deal", game: state.game, variant: state.variant, seed: state.seed });
  }

  /** A new deal or another game ends this one: asked first while it has moves (played, or undone that Redo would
   * replay) and is neither won nor stuck. */
  function leaveGame(question: string, go: () => void, stay: () => void = () => {}): void {
    if (root.classList.contains("ww-kernel-gone")) {  // no new deal can come: say so, ask nothing
      stay();
      return say(KERNEL_GONE, "error");
    }
    if ((state.moves === 0 && !state.can_redo) || state.won || state.stuck) return go();
    leave.ask(question, state.moves, state.can_redo, go, stay);
    openDialog(leave.el);
    leave.defaultButton.focus();
  }

  // -- dialogs ------------------------------------------------------------------------------------------------

  // While a dialog is open the win banner steps aside (CSS: .ww-dialog-open), so neither covers the other.
  function openDialog(d: HTMLElement): void {
    for (const other of dialogs) if (other !== d && !other.hidden) closeDialog(other);
    d.hidden = false;
    root.classList.add("ww-dialog-open");
    d.focus();
  }
  function closeDialog(d: HTMLElement): void {
    if (d.hidden) return;
    d.hidden = true;
    root.classList.remove("ww-dialog-open");
    root.focus();
    if (d === leave.el) leave.closed();
  }
  function toggleDialog(d: HTMLElement): void {
    if (d.hidden) openDialog(d);
    else closeDialog(d);
  }

  // -- the state as slots -----------------------------------------------------------------------------------

  function foundationCount(s: TableState): number {
    return s.family === "forty" ? s.foundations?.length ?? 0 : s.runs_total ?? 0;
  }

  interface Wanted extends Slot {
    sig: string;
    make: () => HTMLElement;
  }

  function wanted(s: TableState): Wanted[] {
    const out: Wanted[] = [];
    s.tableau.forEach((p, i) => {
      const pile = `t${i}`;
      for (let d = 0; d < p.down; d++) {
        const revealed = s.reveal ? p.hidden?.[d] : undefined;
        out.push({ key: "hidden", pile, index: d, sig: revealed ? `hidden:${revealed}` : "hidden", make: () => faceDown(revealed, doc) });
      }
      p.up.forEach((card, u) => out.push({ key: card, pile, index: p.down + u, sig: card, make: () => faceUp(card, doc) }));
    });
    if (s.has_waste) {
      const from = Math.max(0, s.waste.length - 4);
      for (let i = from; i < s.waste.length; i++) {
        const card = s.waste[i];
        out.push({ key: card, pile: "waste", index: i, sig: card, make: () => faceUp(card, doc) });
      }
    }
    if (s.family === "forty") {
      (s.foundations ?? []).forEach((f, k) => {
        for (let i = Math.max(0, f.length - 2); i < f.length; i++) {
          const card = f[i];
          out.push({ key: card, pile: `f${k}`, index: i, sig: card, make: () => faceUp(card, doc) });
        }
      });
    } else {
      const topCard = RANKS[(s.top_rank || 13) - 1];
      (s.finished ?? []).forEach((suit, k) => {
        const card = `${topCard}${suit}`;
        out.push({ key: card, pile: `f${k}`, index: 0, sig: card, make: () => faceUp(card, doc) });
      });
    }
    return out;
  }

  // -- piles --------------------------------------------------------------------------------------------------

  function makePile(id: string, cls: string): HTMLElement {
    const pile = h(doc, "div", `ww-pile ${cls}`.trim());
    pile.dataset.pile = id;
    pile.setAttribute("role", id === "stock" ? "button" : "group");
    piles.set(id, pile);
    return pile;
  }

  function buildPiles(s: TableState): void {
    piles.clear();
    for (const c of cards) c.el.remove();
    cards = [];
    const parts: HTMLElement[] = [makePile("stock", "ww-stock-pile")];
    if (s.has_waste) parts.push(makePile("waste", "ww-waste"));
    parts.push(h(doc, "div", "ww-spacer"));
    for (let k = 0; k < foundationCount(s); k++) parts.push(makePile(`f${k}`, s.family === "forty" ? "ww-foundation" : "ww-foundation ww-run"));
    top.replaceChildren(...parts);
    tableau.replaceChildren(...s.tableau.map((_, i) => makePile(`t${i}`, "")));
  }

  function drawStock(s: TableState): void {
    const stock = piles.get("stock")!;
    const text = stockText(s.stock);
    stock.setAttribute("aria-label", spoken(`Stock, ${text}`));
    stock.title = s.stock.count ? (s.stock.action === "deal" ? "Deal (D)" : "Draw (D)") : "The stock is empty";
    // on small cards the number alone (its words made "3 / deals / left" three lines on a 32 px card)
    const [, count, words] = /^(\d[\d,]*)( .*)$/.exec(text) ?? [text, "", text];
    const label = h(doc, "span", "ww-stock-label", count);
    label.append(h(doc, "span", "ww-stock-words", words));
    stock.replaceChildren(s.stock.count ? faceDown(undefined, doc) : slot("", doc), label);
    stock.classList.toggle("ww-empty", !s.stock.count);
  }

  function labelPiles(s: TableState): void {
    // in words ("Pile 3: 2 face down, 4 face up, top 6 of hearts"); a face-down card is counted, never named
    s.tableau.forEach((p, i) => {
      const cards = p.up.length || p.down ? `${p.down} face down, ${p.up.length} face up` : "empty";
      const top = p.up.length ? `, top ${cardWords(p.up[p.up.length - 1])}` : "";
      piles.get(`t${i}`)?.setAttribute("aria-label", `Pile ${i + 1}: ${cards}${top}`);
    });
    if (s.has_waste) {
      const top = s.waste[s.waste.length - 1];
      piles.get("waste")?.setAttribute("aria-label", `Waste, ${plural(s.waste.length, "card")}${top ? `, top ${cardWords(top)}` : ""}`);
    }
    for (let k = 0; k < foundationCount(s); k++) {
      const pile = piles.get(`f${k}`)!;
      pile.setAttribute("aria-label", spoken(describePile(s, `f${k}`)));
    }
  }

  /** Empty piles show a slot (foundations of the Spider family the run they take, "K–A" for a full deck: a run of
   * any suit goes to any of them, so no suit is drawn; foundations built up in suit "A", where they start);
   * piles with cards do not. */
  function drawSlots(s: TableState): void {
    for (const [id, pile] of piles) {
      if (id === "stock") continue;
      const hasCard = cards.some((c) => c.slot.pile === id);
      const existing = pile.querySelector(":scope > .ww-slot");
      if (hasCard && existing) existing.remove();
      if (!hasCard && !existing) pile.prepend(slot(id.startsWith("f") ? foundationSlotText(s.family, s.top_rank) : "", doc));
    }
  }

  // -- layout -------------------------------------------------------------------------------------------------

  // the card width this game has zoomed out to, and the room it was zoomed in; `beforeWords`: the width it had
  // before more lines under the board than usual (Review's) took room from the cards, to go back to without them
  let zoom: { width: number; height: number; widest: number; beforeWords?: number } =
    { width: 0, height: 0, widest: Infinity };

  function layout(): void {
    if (!state?.tableau) return;
    // the root's content box (not the board's: the board's width follows the cards)
    const pad = win ? parseFloat(win.getComputedStyle(root).paddingLeft) * 2 || 0 : 0;
    const width = root.clientWidth > pad ? root.clientWidth - pad : 640;
    const need = columnsNeeded(state.tableau.length, foundationCount(state), state.has_waste);
    const tall = state.tableau.map((p) => ({ down: p.down, up: p.up.length }));
    // within one game, at one size of the window, the cards keep the size they zoomed to until the piles have
    // room to spare at a larger one (fitMetrics): a new deal, a load, a restart or Review's jump back starts
    // at full size (fitsAfresh; a player saw 73 px cards on the first deal's short piles after Review).
    // A width a scroll bar's breadth away is the same size: a scroll bar that comes and goes as the cards
    // change size must not zoom them again (in marimo the cards flipped between two sizes)
    const height = win?.innerHeight ?? 900;
    if (Math.abs(width - zoom.width) > SCROLL_BAR_ROOM || height !== zoom.height || fitsAfresh(state.last))
      zoom = { width, height, widest: Infinity };
    // fitted to the notebook's view, which is less than the window's height (JupyterLab's menus and toolbars),
    // less the toolbar, the lines under the board and the table's padding, as they are drawn
    const high = viewHeight(root, win);
    const rootStyle = win?.getComputedStyle(root);
    const padding = rootStyle ? parseFloat(rootStyle.paddingTop) + parseFloat(rootStyle.paddingBottom) || 0 : 0;
    // the footer's usual room, or more while it holds more (Review's three lines and its hint line): the cards
    // then zoom out a step rather than those lines cover the lowest cards (in marimo's box they did)
    footerRoom = Math.max(FOOTER_ROOM, footer.offsetHeight);
    if (footerRoom > FOOTER_ROOM) zoom.beforeWords ??= zoom.widest;
    else if (zoom.beforeWords !== undefined) { // the lines are gone: the cards take their room back
      zoom.widest = Math.max(zoom.widest, zoom.beforeWords);
      zoom.beforeWords = undefined;
    }
    chrome = viewOnly ? CHROME : toolbar.el.offsetHeight + footerRoom + padding + 8;
    m = fitMetrics(width, need.columns, need.slots, tall, high, zoom.widest, chrome);
    zoom.widest = m.cardW;
    const style = root.style;
    // when cards reach their largest size, the board keeps to their width (the foundations end over the last pile)
    const needed = Math.ceil(need.columns * m.cardW + (need.slots - 1) * m.gap) + 1;
    board.style.maxWidth = `${needed}px`;
    board.classList.toggle("ww-overflow", needed > width + 1);
    style.setProperty("--ww-card-w", `${m.cardW}px`);
    root.classList.toggle("ww-small-cards", m.cardW < SMALL_CARD_W);
    style.setProperty("--ww-card-h", `${m.cardH}px`);
    style.setProperty("--ww-gap", `${m.gap}px`);
    style.setProperty("--ww-corner-font", `${m.cornerFont}px`);
    style.setProperty("--ww-corner-pad", `${m.cornerPad}px`);
    const cap = tableauCap(high, m, chrome);
    const byPile = new Map<string, CardEntry[]>();
    for (const c of cards) (byPile.get(c.slot.pile) ?? byPile.set(c.slot.pile, []).get(c.slot.pile)!).push(c);
    state.tableau.forEach((p, i) => {
      const { offsets, height } = pileOffsets(p.down, p.up.length, m, cap);
      const pile = piles.get(`t${i}`)!;
      pile.style.height = `${height}px`;
      for (const c of byPile.get(`t${i}`) ?? []) place(c.el, 0, offsets[c.slot.index] ?? 0);
    });
    if (state.has_waste) {
      const shown = byPile.get("waste") ?? [];
      const lefts = wasteOffsets(shown.length, m);
      shown.forEach((c, i) => place(c.el, lefts[i], 0));
      piles.get("waste")!.style.width = `${m.cardW * 1.6}px`;
    }
    for (let k = 0; k < foundationCount(state); k++) for (const c of byPile.get(`f${k}`) ?? []) place(c.el, 0, 0);
    drawHint();
    placeWinBanner();
  }

  /** The win summary over the piles, just below the foundations, so the finished runs stay in view (centred on
   * the table, a short table's summary covered them). */
  function placeWinBanner(): void {
    if (!winPanel.el.hidden) winPanel.el.style.top = `${tableau.getBoundingClientRect().top - root.getBoundingClientRect().top + 8}px`;
  }

  /** One toolbar row: the rarer actions go behind More when the cell is narrow or they would wrap. */
  function fitToolbar(): void {
    if (viewOnly) return;
    const width = root.clientWidth;
    root.classList.remove("ww-narrow", "ww-tight");
    if (!width) return;
    const row = (el: HTMLElement) => el.offsetHeight > (toolbar.buttons.undo.offsetHeight || 24) * 1.8;
    // the rarer actions go behind More when one row cannot hold them all; Undo and Redo become arrows only when
    // the row of the rest still does not fit
    if (width < NARROW || row(toolbar.el)) root.classList.add("ww-narrow");
    if (root.classList.contains("ww-narrow") && row(toolbar.main)) root.classList.add("ww-tight");
  }

  function place(card: HTMLElement, left: number, topPx: number): void {
    const l = `${left}px`;
    const t = `${topPx}px`;
    if (card.style.left !== l) card.style.left = l;
    if (card.style.top !== t) card.style.top = t;
  }

  // -- drawing a state ------------------------------------------------------------------------------------

  function boxOf(node: Element | undefined | null): Box | null {
    if (!node) return null;
    const r = node.getBoundingClientRect();
    return { left: r.left, top: r.top };
  }

  function draw(): void {
    const previous = state;
    const next = model.get("table") as TableState;
    if (!next || !next.tableau) return;
    motion.snap();
    const handed = dragger.handOver();
    dragger.abort();
    const nextShape = `${next.game}/${next.variant}|${next.tableau.length}|${next.has_waste}|${foundationCount(next)}`;
    const fresh = nextShape !== shape;
    const isNew = next.last?.kind === "new" || (previous?.seed !== next.seed && previous !== next);
    const animate = motion.enabled() && !!previous && previous !== next && root.isConnected;
    state = next;
    // the answer to this table's own click (a move from the pile clicked, soon after): where the card went; any
    // other change (a new deal, a move from Python or Watch) forgets it
    const answer = next.last?.kind === "play" ? next.last.move : null;
    landed = answer && clicked && answer[0] === clicked.pile && Date.now() - clicked.at < CLICK_LANDED_MS
      ? { pile: answer[1], count: answer[2], at: Date.now() } : null;
    clicked = null;
    quietRefusal = false; // a new table answers the click: it was played (or another change came first)

    // where everything was
    const before = new Map<HTMLElement, Box>();
    let stockBox: Box | null = null;
    if (animate) {
      for (const c of cards) before.set(c.el, handed?.get(c.el) ?? boxOf(c.el)!);
      stockBox = boxOf(piles.get("stock"));
    }
    // an undone finished run comes back from its foundation
    const runsBefore = previous?.finished?.length ?? 0;
    const runBack = animate && !fresh && (next.finished?.length ?? 0) < runsBefore
      ? boxOf(piles.get(`f${next.finished?.length ?? 0}`)) : null;
    if (fresh) {
      buildPiles(next);
      shape = nextShape;
    }

    // which card is which
    const want = wanted(next);
    const old = cards.map((c) => c.slot);
    const matches = fresh || isNew ? want.map(() => -1) : reconcile(old, want, next.last);
    const leaving = fresh ? [] : (isNew ? cards.map((_, i) => i) : released(old, matches)).map((i) => cards[i]);
    const starts = new Map<HTMLElement, { from: Box; delay: number; duration: number }>();
    const nextCards: CardEntry[] = want.map((w, j) => {
      const i = matches[j];
      const prior = i >= 0 ? cards[i] : undefined;
      let el: HTMLElement;
      if (prior && prior.sig === w.sig) el = prior.el;
      else {
        el = w.make();
        prior?.el.remove();
      }
      el.dataset.index = String(w.index);
      const from = prior ? before.get(prior.el) : undefined;
      if (from) starts.set(el, { from, delay: 0, duration: MOVE_MS });
      else if (runBack && w.pile[0] === "t" && w.key !== "hidden") starts.set(el, { from: runBack, delay: 0, duration: MOVE_MS });
      else if (animate && stockBox && (isNew || next.stock.count < previous.stock.count) && w.pile[0] !== "f") {
        const pileNo = w.pile === "waste" ? 0 : Number(w.pile.slice(1));
        starts.set(el, { from: stockBox, delay: pileNo * DEAL_STAGGER_MS, duration: DEAL_MS });
      }
      return { el, slot: { key: w.key, pile: w.pile, index: w.index }, sig: w.sig };
    });
    // exits leave the piles now; some fly (a finished run to its foundation, an undone deal to the stock)
    for (const c of leaving) if (!nextCards.some((n) => n.el === c.el)) c.el.remove();
    cards = nextCards;
    const byPile = new Map<string, HTMLElement[]>();
    for (const c of cards) (byPile.get(c.slot.pile) ?? byPile.set(c.slot.pile, []).get(c.slot.pile)!).push(c.el);
    for (const [id, pile] of piles) {
      if (id === "stock") continue;
      const els = byPile.get(id) ?? [];
      const current = Array.from(pile.children).filter((n) => (n as HTMLElement).dataset.card !== undefined);
      if (current.length !== els.length || current.some((n, k) => n !== els[k])) {
        const slots = Array.from(pile.children).filter((n) => n.classList.contains("ww-slot"));
        pile.replaceChildren(...slots, ...els); // moves the same elements: nothing is redrawn
      }
    }
    drawSlots(next);
    drawStock(next);
    labelPiles(next);
    drawPanels();
    layout();
    // another game (its piles differ) or a new deal: the cursor starts again on the first pile, not where an
    // index lands or the last game's last click left it
    cursor.at = fresh || isNew ? -1 : Math.min(cursor.at, pileOrder(next).length - 1);
    markCursor();

    if (!animate) return;
    // where everything is now, and the journeys (a new deal deals from the stock; the old cards just go)
    for (const [el, s] of starts) {
      const to = boxOf(el)!;
      const index = Number(el.dataset.index ?? 0);
      motion.travel(el, s.from, to, s.delay, s.duration, 100 + index);
    }
    const finishedBefore = previous.finished?.length ?? 0;
    const newRuns = (next.finished ?? []).map((suit, k) => ({ suit, k })).slice(finishedBefore);
    const toStock = next.stock.count > previous.stock.count;
    let order = 0;
    for (const c of isNew ? [] : [...leaving].reverse()) {
      if (c.el.isConnected || !before.has(c.el)) continue;
      let target: Box | null = null;
      const run = newRuns.find((r) => r.suit === c.slot.key[1]) ?? newRuns[0];
      if (run && c.slot.key !== "hidden" && c.slot.pile.startsWith("t")) target = boxOf(piles.get(`f${run.k}`));
      else if (toStock && c.slot.pile !== "stock" && !c.slot.pile.startsWith("f")) target = boxOf(piles.get("stock"));
      if (!target) continue;
      if (run) motion.exit(c.el, board, before.get(c.el)!, target, Math.min(order++ * 6, 60), MOVE_MS);
      else motion.exit(c.el, board, before.get(c.el)!, target, Number(c.slot.pile.slice(1)) * DEAL_STAGGER_MS, DEAL_MS);
    }
  }

  function drawPanels(): void {
    if (viewOnly) {
      status.textContent = model.get("status") || `${state.name} \u00b7 ${plural(state.moves, "move")}`;
      return;
    }
    toolbar.setGames(model.get("games") ?? [], `${state.game}/${state.variant}`);
    toolbar.winnableBox.checked = Boolean(model.get("winnable"));
    const b = toolbar.buttons;
    b.undo.disabled = !state.can_undo;
    b.redo.disabled = !state.can_redo;
    b.restart.disabled = !state.can_undo;
    const job = (model.get("job") ?? {}) as Job;
    const playing = Boolean(model.get("busy")) || ["solve", "replay", "watch"].includes(job.kind ?? "");
    // while anything searches or plays by itself, Stop takes Hint's place (the same width: nothing moves), and
    // Solve and Watch wait: one control stops it, at the table's top, where the growing piles never push it
    toolbar.showStop(playing);
    b.solve.disabled = playing;
    b.watch.disabled = playing;
    jobPanel.update(job);
    replayPanel.update(job, model.get("replay_speed"));
    status.textContent = model.get("status") || `${state.name} \u00b7 ${plural(state.moves, "move")}`;
    clock.update(state.clock);
    root.classList.toggle("ww-won", state.won);
    winPanel.update(state.won, model.get("win_summary"), state.moves);
    placeWinBanner();
    statsPanel.update(model.get("stats"), state.name);
  }

  // -- hint ----------------------------------------------------------------------------------------------------

  /** A hint's words show in the hint bar; the same words in the message line below are not drawn (.ww-echo), so a
   * hint is not printed twice (the live region reads them out). */
  function markEcho(): void {
    const hint = (model.get("hint_move") ?? {}) as HintMove;
    line.classList.toggle("ww-echo", !!hint.from && !!hint.text && line.textContent === hint.text);
  }

  function drawHint(): void {
    const hint = (model.get("hint_move") ?? {}) as HintMove;
    root.querySelectorAll(".ww-hint").forEach((n) => n.classList.remove("ww-hint"));
    piles.get("stock")?.classList.toggle("ww-played-deal", hint.played?.from === "stock");
    markEcho();
    if (!hint.from) {
      arrow.draw(hint, null);
      return;
    }
    const count = hint.count ?? 1;
    const source = topCards(hint.from, count);
    for (const c of source) c.el.classList.add("ww-hint");
    if (hint.from === "stock") piles.get("stock")?.classList.add("ww-hint");
    // (a deal played, after Review, has no arrow either: the stock is ringed in the dashed arrow's colour)
    // where they go: the card they go onto, or the empty pile (not a whole pile, whose other cards stay put)
    const onto = cards.filter((c) => c.slot.pile === hint.to).slice(-1)[0]?.el;
    if (hint.to) (onto ?? piles.get(hint.to))?.classList.add("ww-hint");
    const hinted = arrowEnds(hint.from, hint.to, count);
    const played = hint.played ? arrowEnds(hint.played.from, hint.played.to, hint.played.count) : null;
    if (hinted && played && hint.played!.to === hint.to) {
      // both moves go to the same pile: the heads side by side, not one hidden under the other (both still
      // right of the target's index corner, and inside the card)
      hinted.to.x += m.cardW * 0.1;
      played.to.x -= m.cardW * 0.15;
      // and their level runs apart: at one height the dashed one hid under the solid one (tutorial 9's Review),
      // two loose dashed lines with no arrow between them
      if (hinted.apex !== undefined) played.apex = hinted.apex + Math.max(10, m.gap + 4);
    }
    arrow.draw(hint, hinted, played);
  }

  /** Where `el` rests once any animation has ended: a card's box from its pile and its place in it (a card
   * still flying back after Undo or Review is drawn elsewhere for a moment); any other element's own box. */
  function restingBox(el: HTMLElement): Rect {
    const pile = el.parentElement;
    if (!el.classList.contains("ww-card") || !pile?.classList.contains("ww-pile")) return el.getBoundingClientRect();
    const p = pile.getBoundingClientRect();
    const left = p.left + pile.clientLeft + (parseFloat(el.style.left) || 0);
    const top = p.top + pile.clientTop + (parseFloat(el.style.top) || 0);
    return { left, top, width: el.offsetWidth, height: el.offsetHeight };
  }

  /** The face-up cards a move of `count` cards from `pile` takes. */
  function topCards(pile: string, count: number): CardEntry[] {
    return cards.filter((c) => c.slot.pile === pile && c.slot.key !== "hidden").slice(-count);
  }

  /** Where an arrow for moving `count` cards from `from` to `to` runs: from the first card moved to the top of
   * the target, arcing over the cards in between (null when either end is not drawn). */
  function arrowEnds(from: string, to: string | undefined, count: number): ArrowEnds | null {
    const target = to ? piles.get(to) : undefined;
    const moved = topCards(from, count);
    const fromEl = moved[0]?.el ?? piles.get(from);
    const targetCards = cards.filter((c) => c.slot.pile === to);
    const toEl = targetCards[targetCards.length - 1]?.el ?? target;
    if (!fromEl || !toEl || !board.isConnected) return null;
    const origin = board.getBoundingClientRect();
    const a = restingBox(fromEl);
    const z = restingBox(toEl);
    // a run's arrow starts in the middle of its first card's visible strip, not on the card after it
    const strip = moved[1] ? restingBox(moved[1].el).top - a.top : Infinity;
    return {
      from: { x: a.left - origin.left + a.width * 0.75, y: a.top - origin.top + Math.min(a.height / 2, m.minUp * 1.5, strip / 2) },
      // right of the middle: the line lands clear of the index corner even on a narrow card ("10♥")
      to: { x: z.left - origin.left + z.width * 0.75, y: z.top - origin.top + Math.min(z.height, m.cardH) * 0.55 },
      apex: clearApex(Math.min(a.top, z.top) - origin.top - m.gap, a, z, origin),
    };
  }

  /** The height of the arrow's crossing: above both ends, and lifted over any face-up card's index corner of
   * the piles it crosses (a player read J♥ as "I♥" under it), but never above the tableau's top. */
  function clearApex(apex: number, a: Rect, z: Rect, origin: DOMRect): number {
    const left = Math.min(a.left, z.left) - origin.left;
    const right = Math.max(a.left + a.width, z.left + z.width) - origin.left;
    const corners = cards
      .filter((c) => c.slot.key !== "hidden" && c.slot.pile.startsWith("t")) // the ends' piles too: cards above
      .map((c) => restingBox(c.el))
      .filter((box) => box.left - origin.left < right && box.left + box.width - origin.left > left)
      .map((box) => box.top - origin.top)
      .sort((p, q) => q - p); // lowest first: lifting over one may meet the next above it
    const highest = tableau.getBoundingClientRect().top - origin.top - m.gap / 2;
    for (const top of corners) if (apex > top - 3 && apex < top + m.minUp + 3) apex = top - m.gap / 2 - 2;
    return Math.max(apex, Math.min(highest, Math.min(a.top, z.top) - origin.top - m.gap));
  }


  // -- keyboard -------------------------------------------------------------------------------------------------

  function markCursor(): void {
    root.querySelectorAll(".ww-cursor, .ww-held, .ww-accepts-held")
      .forEach((n) => n.classList.remove("ww-cursor", "ww-held", "ww-accepts-held"));
    if (!keyboardMode || scope().activeElement !== root || !state) return;
    const order = pileOrder(state);
    if (cursor.at < 0) cursor.at = order.indexOf("t0");
    const id = order[cursor.at];
    piles.get(id)?.classList.add("ww-cursor");
    const holding = cursor.holding;
    if (holding) {
      const held = cards.filter((c) => c.slot.pile === holding.pile && c.slot.key !== "hidden").slice(-holding.count);
      for (const c of held) c.el.classList.add("ww-held");
      // the piles that take them light up as in a drag (the engine's legal moves say which)
      for (const [from, to, count] of state.legal) {
        if (from === holding.pile && count === holding.count) piles.get(to)?.classList.add("ww-accepts-held");
      }
    }
  }

  function onKey(event: KeyboardEvent): void {
    if (viewOnly) return;
    // Shift+Enter (Ctrl+Enter, Alt+Enter) is the notebook's key for running a cell, not the table's (it played a
    // card): the table lets it pass
    if (event.key === "Enter" && (event.shiftKey || event.ctrlKey || event.metaKey || event.altKey)) return;
    const pressed = event.target as HTMLElement;
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
    const inField = Boolean(pressed.closest?.("input, select, textarea"));
    const dialog = shownDialog();
    // a table key on a toolbar button (the last thing clicked), or in an open dialog (the keys' list says "D:
    // deal"), is the table's: the dialog closes and the table acts on it
    const passOn = plain && !inField && pressed !== root && (pressed.tagName === "BUTTON" || dialog) &&
      TABLE_KEYS.has(event.key) && !(dialog && (event.key.startsWith("Arrow") || event.key === "?"));
    if (passOn) {
      if (dialog) closeDialog(dialog);
      root.focus({ preventScroll: true });
      root.dispatchEvent(new KeyboardEvent("keydown", { key: event.key, shiftKey: event.shiftKey, bubbles: true,
        cancelable: true }));
      event.preventDefault();
    } else onTableKey(event);
    // a plain key pressed in the table never reaches the notebook: JupyterLab's command mode would turn the cell
    // into Markdown on M, delete it on D D, ... (Tab still moves the focus)
    if (plain && !inField && event.key !== "Tab") event.stopPropagation();
  }

  function onTableKey(event: KeyboardEvent): void {
    if (event.target !== root && !(event.target as HTMLElement).closest?.(".ww-dialog")) return;
    const key = event.key;
    const openDialogEl = shownDialog();
    if (openDialogEl) {
      if (key === "Escape" || (openDialogEl === keys && (key === "?" || key === "F1"))) {
        event.preventDefault();
        closeDialog(openDialogEl);
      }
      return;
    }
    if (event.target !== root) return;
    if (key === "?" || key === "F1") {
      event.preventDefault();
      openDialog(keys);
      return;
    }
    const order = pileOrder(state);
    if (cursor.at < 0) cursor.at = order.indexOf("t0");
    const pile = order[cursor.at];
    const up = movable(state, pile);
    const count = Math.max(1, Math.min(cursor.count, up.length));
    let handled = true;
    let moved = false;
    if (key === "ArrowLeft" || key === "ArrowRight") {
      // the first press after the mouse shows where the cursor is; the next ones move it
      if (keyboardMode) cursor.at = (cursor.at + (key === "ArrowLeft" ? order.length - 1 : 1)) % order.length;
      cursor.count = 1;
      moved = true;
    } else if (key === "ArrowUp") {
      cursor.count = Math.min(cursor.count + 1, Math.max(1, Math.min(up.length, mostMovable(state, pile))));
      moved = true;
    } else if (key === "ArrowDown") {
      cursor.count = Math.max(1, cursor.count - 1);
      moved = true;
    } else if (key === "Home" || key === "End") {
      cursor.at = key === "Home" ? 0 : order.length - 1;
      cursor.count = 1;
      moved = true;
    } else if (key === "Enter") {
      if (cursor.holding) drop(pile);
      else if (pile === "stock") send({ type: "deal" });
      else if (up.length) send({ type: "click", pile, count });
      else say(`${capitalize(pileText(pile))} has no card to play.`);
    } else if (key === " ") {
      if (cursor.holding) drop(pile);
      else if (pile === "stock") send({ type: "deal" });
      else if (up.length) {
        cursor.holding = { pile, count };
        say(`Picked up ${count > 1 ? `${count} cards` : cardText(up[up.length - 1])} from ${pileText(pile)}; choose a pile and press Space.`);
      } else say(`${capitalize(pileText(pile))} has no card to pick up.`);
    } else if (key === "Escape") {
      if (cursor.holding) say("Put down.");
      cursor.holding = undefined;
    } else if (key === "d" || key === "D") send({ type: "deal" }); // held, so D D deals twice
    else if (key === "u" || key === "U" || (key === "z" && (event.ctrlKey || event.metaKey))) send({ type: "undo" });
    else if (key === "r" || key === "R" || (key === "y" && (event.ctrlKey || event.metaKey))) send({ type: "redo" });
    else if (key === "h" || key === "H") send({ type: "hint" });
    else handled = false;
    if (!handled) return;
    event.preventDefault();
    event.stopPropagation(); // the notebook never sees a key the table used
    keyboardMode = true;
    markCursor();
    if (moved) say(cursorWords(order[cursor.at], key, count));
  }

  /** What the keyboard cursor's move says: the pile (and the cards chosen); at the end of Up or Down, that no
   * more or fewer cards can be chosen (else the same words again would be silence to a screen reader); while
   * cards are held, whether this pile takes them (the engine's legal moves say so). */
  function cursorWords(pile: string, key: string, before: number): string {
    let words = describePile(state, pile, cursor.count);
    const some = pile.startsWith("t") && movable(state, pile).length > 0;
    if (key === "ArrowUp" && some && cursor.count === before) {
      words += before === 1 ? "; only one card moves from here" : `; at most ${before} cards move together here`;
    }
    if (key === "ArrowDown" && some && cursor.count === before) words += "; one card is the fewest";
    const held = cursor.holding;
    if (held && (key.startsWith("Arrow") || key === "Home" || key === "End") && pile !== held.pile) {
      const takes = state.legal.some(([from, to, count]) => from === held.pile && to === pile && count === held.count);
      words += `; ${takes ? "it takes" : "it does not take"} the ${held.count > 1 ? `${held.count} cards` : "card"} held`;
    }
    return words;
  }

  function drop(target: string): void {
    const held = cursor.holding;
    cursor.holding = undefined;
    if (!held) return;
    if (target !== held.pile) send({ type: "move", from: held.pile, to: target, count: held.count });
    else say("Put down.");
  }

  // -- pointer ---------------------------------------------------------------------------------------------------

  function locate(target: EventTarget | null): { pile: string; card: HTMLElement | null } | null {
    const node = target as HTMLElement | null;
    const pileEl = node?.closest?.("[data-pile]") as HTMLElement | null;
    if (!pileEl || !root.contains(pileEl)) return null;
    const card = node?.closest?.("[data-card]") as HTMLElement | null;
    return { pile: pileEl.dataset.pile ?? "", card };
  }

  function countFrom(pile: string, card: HTMLElement): number {
    if (!pile.startsWith("t")) return 1;
    const p = state.tableau[Number(pile.slice(1))];
    return p.down + p.up.length - Number(card.dataset.index ?? 0);
  }

  function pickup(target: EventTarget | null): Pickup | null {
    if (viewOnly) return null;
    const where = locate(target);
    if (!where || !where.card || where.card.dataset.card === "hidden" || where.pile === "stock") return null;
    if (where.pile.startsWith("f") && state.family !== "forty") return null;
    const index = Number(where.card.dataset.index ?? 0);
    const inPile = cards.filter((c) => c.slot.pile === where.pile);
    if (!where.pile.startsWith("t") && inPile[inPile.length - 1]?.el !== where.card) return null; // only the top
    const picked = inPile.filter((c) => c.slot.index >= index).map((c) => c.el);
    return { pile: where.pile, count: countFrom(where.pile, where.card), cards: picked };
  }

  function pileAt(x: number, y: number): string | null {
    const under = scope().elementFromPoint?.(x, y) ?? null;
    const hit = locate(under);
    if (hit) return hit.pile;
    for (const [id, pile] of piles) { // below a short pile still counts as that pile
      const r = pile.getBoundingClientRect();
      if (x >= r.left && x <= r.right && y >= r.top && y <= r.bottom + m.cardH) return id;
    }
    return null;
  }

  const dragger = new Dragger({
    root,
    layer: board,
    pickup,
    targets: (pile, count) => new Set(state.legal.filter(([s, , c]) => s === pile && c === count).map(([, t]) => t)),
    pileAt,
    drop: (from, to, count) => {
      send({ type: "move", from, to, count });
      return true;
    },
    started: (p, targets) => {
      if (targets.size) return;
      // from the engine's legal moves: fewer cards of this pile may move (a mixed stack is no run)
      const fewer = state.legal.filter(([from, , count]) => from === p.pile && count < p.count).map(([, , c]) => c);
      const most = fewer.length ? Math.max(...fewer) : 0;
      say(`${p.count > 1 ? `Those ${p.count} cards` : cardText(p.cards[0]?.dataset.card ?? "")} cannot move anywhere now` +
        (most ? `; the top ${most > 1 ? `${most} cards` : "card"} of this pile can.` : "."));
    },
    motionOn: () => motion.enabled(),
  });

  let dismissed = false; // the press that closed a dialog (onDown) plays nothing
  function onClick(event: MouseEvent): void {
    if (dismissed) {
      dismissed = false;
      return;
    }
    if (dragger.suppressClick) {
      dragger.suppressClick = false;
      return;
    }
    if (event.detail > 1) return; // the second click of a double-click: the first has already played it
    if (toolbar.isOpen && !(event.target as HTMLElement).closest?.(".ww-toolbar")) toolbar.open(false);
    const where = locate(event.target);
    if (!where || viewOnly) return;
    if (where.pile === "stock") {
      send({ type: "deal" }); // the stock's click is its deal; held while an answer is awaited
      return;
    }
    if (!where.card || where.card.dataset.card === "hidden") {
      if (where.card) say("That card is face down.");
      return;
    }
    if (where.pile.startsWith("f") && state.family !== "forty") return;
    const { pile, card } = where;
    const count = countFrom(pile, card);
    const target = landed;
    landed = null;
    // a click on the card that has just landed (or on the run that landed with it) is sent like any other: a
    // legal move is played; only a refusal is not said (the player clicked where the card went, not to move it)
    const quiet = !!target && target.pile === pile && count <= target.count && Date.now() - target.at < CLICK_LANDED_MS;
    send({ type: "click", pile, count },
      () => card.isConnected && locate(card)?.pile === pile && countFrom(pile, card) === count,
      () => {
        clicked = { pile, at: Date.now() };
        quietRefusal = quiet;
      });
  }

  // -- wiring ----------------------------------------------------------------------------------------------------

  const onDown = (event: PointerEvent) => {
    keyboardMode = false;
    dismissed = false;
    markCursor();
    // a press outside an open dialog (not on the toolbar, whose buttons open and close them) closes it, as a
    // popover closes, and moves no card: a player's click on the board under the keys' list tried a move
    const target = event.target as HTMLElement;
    // the keyboard's cursor goes where the mouse pressed: the next arrow starts there, not at pile 1
    const pressedPile = (target.closest?.("[data-pile]") as HTMLElement | null)?.dataset.pile;
    const at = state && pressedPile ? pileOrder(state).indexOf(pressedPile) : -1;
    if (at >= 0) cursor.at = at, cursor.count = 1;
    const open = shownDialog();
    if (open && !open.contains(target) && !target.closest?.(".ww-toolbar")) {
      closeDialog(open);
      dismissed = true;
      event.preventDefault();
      return;
    }
    if (!viewOnly) dragger.down(event);
  };
  const onMove = (event: PointerEvent) => dragger.move(event);
  const onUp = (event: PointerEvent) => dragger.up(event);
  const onCancel = (event: PointerEvent) => dragger.up(event, true);
  let keysSaid = false;
  /** Tabbed into (a keyboard's focus): the cursor shows at once, and the first time the keys are named. */
  const onFocus = (event: FocusEvent) => {
    if (event.type === "focus" && !viewOnly && event.target === root && focusVisible(root)) {
      keyboardMode = true;
      if (!keysSaid && !shownDialog()) {
        keysSaid = true;
        say(KEYS_IN_BRIEF);
      }
    }
    markCursor();
  };
  const onDbl = (event: MouseEvent) => event.preventDefault();
  root.addEventListener("click", onClick);
  root.addEventListener("dblclick", onDbl);
  root.addEventListener("pointerdown", onDown);
  root.addEventListener("keydown", onKey);
  root.addEventListener("focus", onFocus);
  root.addEventListener("blur", onFocus);
  doc.addEventListener("pointermove", onMove, { passive: false });
  doc.addEventListener("pointerup", onUp);
  doc.addEventListener("pointercancel", onCancel);
  const onScroll = () => {
    dragger.scrolled();
    pinned.update();
  };
  doc.addEventListener("scroll", onScroll, { capture: true, passive: true });

  let observer: ResizeObserver | undefined;
  let lastWidth = -1;
  if (typeof ResizeObserver !== "undefined") {
    observer = new ResizeObserver(() => {
      if (lastWidth < 0) theme.check(); // first drawn: now the page behind it can be read
      pinned.update(); // the table grew or shrank: a hint's words, a job's bar, a longer pile
      const w = root.clientWidth;
      if (w === lastWidth) {
        // more lines under the board than room, or fewer than the room taken for them (Review's words gone)
        const lines = footer.offsetHeight;
        if (!viewOnly && (lines > footerRoom + 1 || (footerRoom > FOOTER_ROOM && lines < footerRoom - 1))) layout();
        return;
      }
      lastWidth = w;
      motion.snap();
      fitToolbar();
      layout();
    });
    observer.observe(root);
  }
  const onWinResize = () => {
    layout();
    pinned.update();
  };
  win?.addEventListener("resize", onWinResize);

  const redraw = () => {
    draw();
    answered();
  };
  const announce = () => {
    const message = (model.get("message") ?? {}) as Message;
    const quiet = quietRefusal && message.kind === "error"; // the refusal of a click on the card just landed
    if (message.kind === "error") quietRefusal = false; // (a word from a background job keeps it waiting)
    if (!quiet) say(message.text ?? "", message.kind ?? "info");
    if (message.kind === "error") {
      answered();
      dragger.settleWaiting(true);
    }
  };
  const unlisten = listen(model, [
    ["change:table", redraw],
    ["change:status", () => (status.textContent = model.get("status") ?? "")],
    ["change:message", announce],
    ["change:hint_move", drawHint],
    ["change:busy", drawPanels],
    ["change:job", drawPanels],
    ["change:replay_speed", drawPanels],
    ["change:winnable", drawPanels],
    ["change:games", drawPanels],
    ["change:stats", drawPanels],
    ["change:win_summary", drawPanels],
    ["change", heard], // anything the kernel sends is an answer: the table is alive
  ]);
  state = undefined as unknown as TableState;
  draw();
  fitToolbar();
  const message = (model.get("message") ?? {}) as Message;
  say(message.text ?? "", message.kind ?? "info");

  // the kernel counts the views it has: a table no one sees any longer (its cell run again, its output cleared)
  // stops Watch and Solve's replay, which would otherwise play on unseen
  const tellShown = (shown: boolean) => {
    if (!viewOnly) kernel.send({ type: "view", shown }, false); // (no kernel to tell, after a restart: said once)
  };
  tellShown(true);
  return () => {
    tellShown(false);
    kernel.stop();
    unlisten();
    doc.removeEventListener("pointermove", onMove);
    doc.removeEventListener("pointerup", onUp);
    doc.removeEventListener("pointercancel", onCancel);
    doc.removeEventListener("scroll", onScroll, { capture: true });
    win?.removeEventListener("resize", onWinResize);
    observer?.disconnect();
    pinned.dispose();
    theme.dispose();
    clock.dispose();
    motion.snap();
    root.remove();
  };
}
