/**
 * Panels drawn from kernel traits: long work in progress (job) with Cancel, the replay speed with Stop, the
 * hint (an arrow and its sentence), the win summary, the statistics, the keys overlay and the clock.
 * Each panel only shows what a trait says and sends requests through `send`.
 */
import { h } from "../local_model";
import type { Clock, HintMove, Job, Request, Stats, WinSummary } from "../types";
import { KEYS } from "./keyboard";
import { clockText, plural } from "./words";

type Send = (request: Request) => void;

function button(doc: Document, label: string, action: () => void, cls = ""): HTMLButtonElement {
  const b = h(doc, "button", `ww-button ${cls}`.trim(), label);
  b.type = "button";
  b.setAttribute("aria-label", label);
  b.addEventListener("click", (event) => {
    event.stopPropagation();
    action();
  });
  return b;
}

/** A dialog panel over the table: role="dialog", a name, a Close button; Escape closes (see the view). */
export function dialog(doc: Document, name: string, cls: string, onClose: () => void): { el: HTMLElement; body: HTMLElement } {
  const el = h(doc, "div", `ww-dialog ${cls}`);
  el.setAttribute("role", "dialog");
  el.setAttribute("aria-label", name);
  el.hidden = true;
  el.tabIndex = -1;
  const head = h(doc, "div", "ww-dialog-head");
  head.append(h(doc, "strong", "", name), button(doc, "Close", onClose, "ww-close"));
  const body = h(doc, "div", "ww-dialog-body");
  el.append(head, body);
  return { el, body };
}

export function keysDialog(doc: Document, onClose: () => void): HTMLElement {
  const { el, body } = dialog(doc, "Keyboard", "ww-keys", onClose);
  const list = h(doc, "dl", "ww-keylist");
  for (const [keys, does] of KEYS) list.append(h(doc, "dt", "", keys), h(doc, "dd", "", does));
  body.append(list);
  return el;
}

/**
 * "Leave this game?": asked before a new deal or another game ends a game that has moves and can still go on
 * (a game menu moved by a stray arrow key, or a deal number typed, would otherwise lose it at once). "Keep
 * playing" is the default; closing the dialog any other way (Close, Escape, a press elsewhere) keeps the game too.
 */
export class LeaveDialog {
  el: HTMLElement;
  private text: HTMLElement;
  private keep: HTMLButtonElement;
  private go: (() => void) | null = null;
  private stay: (() => void) | null = null;
  constructor(doc: Document, close: () => void) {
    const { el, body } = dialog(doc, "Leave this game?", "ww-leave", close);
    el.setAttribute("role", "alertdialog");
    this.el = el;
    this.text = h(doc, "p", "ww-leave-text");
    const actions = h(doc, "div", "ww-win-actions");
    this.keep = button(doc, "Keep playing", close);
    const leave = button(doc, "Leave", () => {
      const go = this.go;
      this.go = this.stay = null; // left: closing must not also keep the game
      close();
      go?.();
    });
    actions.append(this.keep, leave);
    body.append(this.text, actions);
  }
  /** Asks; `go` runs on Leave, `stay` when the dialog closes any other way. `redo`: moves undone (or rewound by
   * Review) that Redo would replay, lost as well. */
  ask(question: string, moves: number, redo: boolean, go: () => void, stay: () => void): void {
    const made = moves ? `The ${moves === 1 ? "move" : `${moves} moves`} made in this game` : "";
    const lost = made && redo ? `${made}, and those Redo would replay,` : made || "The moves Redo would replay";
    this.text.textContent = `${question} ${lost} will be lost.`;
    this.go = go;
    this.stay = stay;
  }
  /** Called whenever the dialog closes: unless Leave was chosen, the game is kept. */
  closed(): void {
    const stay = this.stay;
    this.go = this.stay = null;
    stay?.();
  }
  /** The button that has the focus when the dialog opens. */
  get defaultButton(): HTMLButtonElement {
    return this.keep;
  }
}

/** Work in progress (solving, proving a deal winnable, ...): its label and positions searched (the toolbar's
 * Stop stops it). */
export class JobPanel {
  el: HTMLElement;
  private text: HTMLElement;
  constructor(doc: Document) {
    this.el = h(doc, "div", "ww-job");
    this.el.setAttribute("role", "progressbar");
    this.el.setAttribute("aria-label", "Working");
    this.el.hidden = true;
    this.text = h(doc, "span", "ww-job-text");
    this.el.append(h(doc, "span", "ww-spinner"), this.text);
  }
  update(job: Job | undefined): void {
    const on = Boolean(job && job.kind) && !["replay", "watch"].includes(job!.kind!);
    this.el.hidden = !on;
    if (!on) return;
    const positions = job!.positions ? ` \u00b7 ${job!.positions.toLocaleString("en")} positions` : "";
    this.text.textContent = `${job!.label || "Working\u2026"}${positions}`;
    this.el.setAttribute("aria-valuetext", this.text.textContent);
  }
}

export const SPEEDS = [0.5, 1, 2, 3, 5, 8, 12, 20];

/** While Solve's line (or Watch) plays by itself: how fast (the toolbar's Stop stops it). */
export class ReplayPanel {
  el: HTMLElement;
  private speed: HTMLInputElement;
  private label: HTMLElement;
  constructor(doc: Document, send: Send) {
    this.el = h(doc, "div", "ww-replay");
    this.el.hidden = true;
    this.speed = h(doc, "input", "ww-speed");
    this.speed.type = "range";
    this.speed.min = "0";
    this.speed.max = String(SPEEDS.length - 1);
    this.speed.step = "1";
    this.speed.setAttribute("aria-label", "Replay speed");
    this.label = h(doc, "span", "ww-speed-label");
    this.speed.addEventListener("input", () => {
      const value = SPEEDS[Number(this.speed.value)];
      this.label.textContent = `${value} moves/s`;
      send({ type: "speed", value });
    });
    this.el.append(h(doc, "span", "", "Speed"), this.speed, this.label);
  }
  update(job: Job | undefined, speed: number | undefined): void {
    this.el.hidden = !(job && (job.kind === "replay" || job.kind === "watch")); // a solve in progress: JobPanel
    if (this.el.hidden) return;
    const value = speed ?? 3;
    let best = 0;
    SPEEDS.forEach((s, i) => Math.abs(s - value) < Math.abs(SPEEDS[best] - value) && (best = i));
    this.speed.value = String(best);
    this.label.textContent = `${value} moves/s`;
  }
}

const SVG = "http://www.w3.org/2000/svg";

/** Where an arrow runs, in the board's coordinates: its ends and the highest its arc may rise to. */
export interface ArrowEnds {
  from: { x: number; y: number };
  to: { x: number; y: number };
  apex?: number;
}

/** The arrow's path from `from` to `to`: straight up from the cards moved, across at `apex` (above the cards
 * in between) or a little above the higher end, and straight down onto the target, its two bends rounded. The
 * ends stand right of the cards' middles (arrowEnds), so the line crosses neither card's index corner. */
export function arc({ from, to, apex }: ArrowEnds): string {
  const bend = Math.min(60, Math.hypot(to.x - from.x, to.y - from.y) / 4);
  const top = Math.min(apex ?? Infinity, Math.min(from.y, to.y) - Math.max(12, bend / 2));
  const dx = to.x - from.x, turn = Math.sign(dx) || 1;
  const r = Math.max(0, Math.min(14, Math.abs(dx) / 2, from.y - top, to.y - top));
  const n = (v: number) => Math.round(v * 10) / 10;
  return `M${n(from.x)} ${n(from.y)} V${n(top + r)} Q${n(from.x)} ${n(top)} ${n(from.x + turn * r)} ${n(top)}`
    + ` H${n(to.x - turn * r)} Q${n(to.x)} ${n(top)} ${n(to.x)} ${n(top + r)} V${n(to.y)}`;
}

/** The hint: an arrow from the cards to move to where they go, and the engine's sentence; after Review, a
 * dashed arrow for the losing move that was played instead. */
export class HintArrow {
  svg: SVGSVGElement;
  text: HTMLElement;
  constructor(doc: Document) {
    this.svg = doc.createElementNS(SVG, "svg") as SVGSVGElement;
    this.svg.setAttribute("class", "ww-hint-arrow");
    this.svg.setAttribute("data-hint-arrow", "");
    this.svg.setAttribute("aria-hidden", "true");
    // Each table's own marker ids: `url(#id)` finds the page's first element with the id, and a table in a
    // hidden tab or a closed cell draws no arrowheads, for itself or for any other table that shares them.
    // (Random, not counted: each widget may load its own copy of this module, each counting from 1.)
    const head = `ww-arrowhead-${Math.random().toString(36).slice(2, 10)}`;
    this.svg.innerHTML = `<defs><marker id="${head}" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z"/></marker>` +
      `<marker id="${head}-played" class="ww-played-head" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z"/></marker></defs>` +
      `<path class="ww-arrow-casing"/><path class="ww-arrow-played" data-played-arrow="" marker-end="url(#${head}-played)"/>` +
      `<path class="ww-arrow-line" marker-end="url(#${head})"/>`;
    this.svg.style.display = "none";
    this.text = h(doc, "div", "ww-hint-text");
    this.text.hidden = true;
  }
  /** `hinted` and `played` are where the arrows run, or null for none (`played`: the dashed arrow only). */
  draw(hint: HintMove | undefined, hinted: ArrowEnds | null, played: ArrowEnds | null = null): void {
    const on = Boolean(hint && hint.from);
    this.text.hidden = !on || !hint!.text;
    // A suggestion says so once: the kernel's words may already say it.
    const unsaid = hint?.proved === false && !hint.only && !/not a proof/.test(hint.text ?? "");
    // (inside the sentence: "…in the best order (a suggestion, not a proof).")
    if (on && hint!.text) this.text.textContent = unsaid ? `${hint!.text.replace(/\.\s*$/, "")} (a suggestion, not a proof).` : hint!.text;
    if (!on || (!hinted && !played)) {
      this.svg.style.display = "none";
      return;
    }
    this.svg.style.display = "";
    // either arrow may be missing: a deal has none (the stock is lit instead)
    const paths: [string, ArrowEnds | null][] = [["path.ww-arrow-line", hinted], ["path.ww-arrow-played", played],
      ["path.ww-arrow-casing", played]];
    for (const [selector, ends] of paths) {
      const path = this.svg.querySelector(selector) as SVGPathElement;
      if (ends) path.setAttribute("d", arc(ends));
      else path.removeAttribute("d");
      path.style.display = ends ? "" : "none";
    }
  }
}

/** The win: a short celebration, then the summary with Play again and Next winnable deal. */
export class WinPanel {
  el: HTMLElement;
  private body: HTMLElement;
  private title: HTMLElement;
  constructor(doc: Document, playAgain: () => void, nextWinnable: () => void) {
    this.el = h(doc, "div", "ww-banner ww-win");
    this.el.setAttribute("data-win-summary", "");
    this.el.setAttribute("role", "dialog");
    this.el.setAttribute("aria-label", "You won");
    this.el.hidden = true;
    this.body = h(doc, "div", "ww-win-body");
    const actions = h(doc, "div", "ww-win-actions");
    actions.append(button(doc, "Play again", playAgain), button(doc, "Next winnable deal", nextWinnable));
    this.title = h(doc, "div", "ww-win-title", "You won!");
    this.el.append(this.title, this.body, actions);
  }
  update(won: boolean, summary: WinSummary | undefined, moves: number): void {
    this.el.hidden = !won;
    if (!won) return;
    const s = summary ?? {};
    const parts = [plural(s.moves ?? moves, "move")];
    if (s.seconds !== undefined) parts.push(clockText(s.seconds));
    if (s.hints !== undefined) parts.push(plural(s.hints, "hint"));
    if (s.undos !== undefined) parts.push(plural(s.undos, "undo"));
    // Solve, Watch or Python made some of the moves: a win, but not the player's (nor in the statistics).
    this.title.textContent = s.assisted ? "Won, with help" : "You won!";
    this.el.setAttribute("aria-label", s.assisted ? "Won, with help" : "You won");
    if (s.assisted) parts.push(s.help || "Solve or Watch played some moves: the win is not counted");
    this.body.textContent = parts.join(" \u00b7 ");
  }
}

/** The player's record for this game: played, won, streaks, best time. */
export function statsRows(stats: Stats | undefined): [string, string][] {
  const s = stats ?? {};
  const played = s.played ?? 0;
  const won = s.won ?? 0;
  return [
    ["Played", String(played)],
    ["Won", played ? `${won} (${Math.round((100 * won) / played)}%)` : String(won)],
    ["Current streak", String(s.current_streak ?? 0)],
    ["Best streak", String(s.best_streak ?? 0)],
    ["Best time", s.best_seconds == null ? "\u2013" : clockText(s.best_seconds)],
  ];
}

/** What the statistics leave out, said under them. */
export const STATS_NOTE = "Deals you made a move in at this table. A game Solve or Watch finished counts as played, not won; games played from Python and positions loaded are left out.";

export class StatsPanel {
  el: HTMLElement;
  private game: HTMLElement;
  private list: HTMLElement;
  constructor(doc: Document, onClose: () => void) {
    const { el, body } = dialog(doc, "Statistics", "ww-stats", onClose);
    el.setAttribute("data-stats", "");
    this.el = el;
    this.game = h(doc, "div", "ww-stats-game");
    this.list = h(doc, "dl", "ww-statlist");
    body.append(this.game, this.list, h(doc, "div", "ww-stats-note", STATS_NOTE));
  }
  /** `game`: the name of the game the statistics are for (each game and variant has its own). */
  update(stats: Stats | undefined, game = ""): void {
    const doc = this.el.ownerDocument;
    this.game.textContent = game;
    this.list.replaceChildren(...statsRows(stats).flatMap(([k, v]) => [h(doc, "dt", "", k), h(doc, "dd", "", v)]));
  }
}

/**
 * Play time: the kernel's seconds at its wall-clock time `at`, counted on from there while the clock runs, so a
 * view opened (or reloaded) later shows the time now, not the time of the last move. A browser whose clock is
 * behind the kernel's never shows less than the kernel said; without `at`, it counts from when the view got it.
 */
export class ClockView {
  el: HTMLElement;
  private base = 0;
  private since = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  constructor(doc: Document) {
    this.el = h(doc, "span", "ww-clock");
    this.el.setAttribute("aria-label", "Time");
    this.el.hidden = true;
  }
  private shown = "";
  update(clock: Clock | null | undefined): void {
    // Redraws that do not change the kernel's clock (a message, a job's progress) keep counting on.
    const key = clock ? `${clock.seconds}/${clock.running}/${clock.at}` : "";
    if (key === this.shown) return;
    this.shown = key;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.el.hidden = !clock;
    if (!clock) return;
    this.base = clock.seconds;
    this.since = clock.at !== undefined ? Math.min(clock.at * 1000, Date.now()) : Date.now();
    this.tick(clock.running);
    if (clock.running) this.timer = setInterval(() => this.tick(true), 1000);
  }
  private tick(running: boolean): void {
    const seconds = this.base + (running ? (Date.now() - this.since) / 1000 : 0);
    this.el.textContent = clockText(seconds);
  }
  /** Stops counting (the kernel is gone): the time shown stays. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
  dispose(): void {
    this.stop();
  }
}
