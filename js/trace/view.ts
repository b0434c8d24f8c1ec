/**
 * The search-trace view: one control bar over one or two trace panels. Each panel replays its trace in the
 * browser (so the view works in a static export too) and shows the position at the current node (drawn
 * read-only by the table's own renderer), the tree, the frontier as the algorithm holds it, the explored
 * nodes, and the pseudo-code with the line being executed.
 */
import { h, listen, LocalModel } from "../local_model";
import { followTheme } from "../theme";
import { createTable } from "../table";
import type { Model, TableState } from "../types";
import {
  algorithmName, counterHelp, HEURISTIC_HELP, heuristicWords, HEURISTIC_NAMES, RULE_HELP, type CounterName,
} from "./names";
import { depthLimitOf, fValue, frontierKind, listingFor } from "./pseudocode";
import {
  expansions, isRoot, moveText, Replayer, rootOf, sharedOf, sharedTotal, stepOf, type Replay, type TracePayload,
} from "./replay";
import { addStyle } from "./style";
import { DOT_MARGIN, drawSummary, drawTree, fitTree, nodeInfo, sizeDots, type Drawn } from "./tree";

const LEGEND: [string, string][] = [
  ["frontier", "frontier"], ["explored", "explored"], ["current", "current node"], ["pruned", "pruned"],
  ["duplicate", "duplicate"], ["solution", "solution path / goal"],
];
const FRONTIER_SHOWN = 40;
/** How the view writes a move, for the legend (the path, the lists and the tree's tooltips all write moves so). */
const MOVES_NOTE = "pile 2\u21923: the top card of pile 2 onto pile 3; (3 cards): three cards moved together; " +
  "deal: the stock deals a card onto each pile";
/** What ?? means, where the view hides cards (the trace sent without `reveal`): a class watching a search that
 * sees every card asked why its cards read ??. */
export const HIDDEN_NOTE = ": a card face down or in the stock at the start; the search sees it, the class does " +
  "not (SearchTraceWidget(trace, reveal=True), from Python, shows it)";
/** The same, presenting: the legend keeps to one row. */
export const HIDDEN_SHORT = " hidden from the class";

interface NumberRule {
  min: number;
  max: number;
  step: number;
  default: number;
  whole: boolean;
}

interface Choices {
  algorithms: string[];
  heuristics: string[];
  informed: string[];
  default_heuristic: Record<string, string>;
  rules: string[];
  numbers?: Record<"depth_limit" | "weight", NumberRule>;
}

/** The Search again bar's number fields (the kernel's NUMBERS in trace_view.py, which it sends in `choices`). */
const NUMBERS: Record<"depth_limit" | "weight", NumberRule> = {
  depth_limit: { min: 0, max: 200, step: 1, default: 50, whole: true },
  weight: { min: 1, max: 10, step: 0.5, default: 2, whole: false },
};
/** The algorithm that uses each number field. */
const NUMBER_FOR: Record<string, "depth_limit" | "weight"> = { "depth-limited": "depth_limit", "weighted-astar": "weight" };

/** The sentence that says why `text` is no value the field `name` can run with ("" when it is one): the
 * kernel's number_problem says the same. */
export function numberProblem(name: "depth_limit" | "weight", text: string, rules = NUMBERS): string {
  const rule = rules[name] ?? NUMBERS[name];
  const wanted = name === "depth_limit"
    ? `The depth limit must be a whole number from ${rule.min} to ${rule.max}.`
    : `The weight must be a number from ${rule.min} to ${rule.max}.`;
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value)) return wanted;
  if ((rule.whole && !Number.isInteger(value)) || value < rule.min || value > rule.max) return wanted;
  return "";
}

function button(doc: Document, label: string, action: () => void, text = label): HTMLButtonElement {
  const b = h(doc, "button", "ww-button", text);
  b.type = "button";
  b.setAttribute("aria-label", label);
  if (text !== label) b.title = label; // a bare glyph (◀ ▶ − +) says what it does on hover
  b.addEventListener("click", action);
  return b;
}

/** Controls that belong together (a label and its slider, − and +): one box, so a wrapping bar never parts them. */
function together(...parts: HTMLElement[]): HTMLElement {
  const box = parts[0].ownerDocument.createElement("span");
  box.className = "ww-keep-together";
  box.append(...parts);
  return box;
}

/** Each panel's lists are named by their headings (aria-labelledby): ids unique in the page. */
let panelIds = 0;

/** One trace: board, tree, frontier, explored and pseudo-code, at the step the control bar asks for. */
class Panel {
  readonly el: HTMLElement;
  readonly replayer: Replayer;
  readonly expandAt: number[];
  private board: HTMLElement;
  private boardModel: LocalModel;
  private closeBoard: () => void;
  private counters: HTMLElement;
  private treePanel: HTMLElement;
  private hover: HTMLElement;
  private frontierTitle: HTMLElement;
  private frontierList: HTMLOListElement;
  private exploredTitle: HTMLElement;
  private exploredList: HTMLElement;
  private code: HTMLOListElement;
  private path: HTMLElement;
  private pathMoves: string[] = [];
  private drawn: Drawn | null = null;
  zoom = 1;
  fitted = false;
  rowScale = 1; // the tree's rows spaced out by the last Fit (fitTree)
  colScale = 1; // ... and its columns
  last: Replay | null = null;

  constructor(private doc: Document, readonly trace: TracePayload, readonly index: number,
              private jump: (panel: Panel, eventIndex: number) => void) {
    this.replayer = new Replayer(trace);
    this.expandAt = expansions(trace);
    this.el = h(doc, "section", "ww-trace-panel");
    this.el.dataset.panel = String(index);
    this.el.dataset.algorithm = trace.algorithm;
    const listing = listingFor(trace.algorithm, trace.options);
    const heading = h(doc, "h3", "", this.title());
    this.counters = h(doc, "div", "ww-counters");
    this.counters.setAttribute("role", "status");
    const main = h(doc, "div", "ww-trace-main");
    this.board = h(doc, "div", "ww-trace-board");
    const treeBox = h(doc, "div", "ww-trace-treebox");
    this.treePanel = h(doc, "div", "ww-tree-panel");
    this.treePanel.dataset.treePanel = "true";
    // a group the keyboard reaches (it scrolls); the arrow keys step the search there too, and it follows the current
    // node, zoomed by the bar's − and + and Fit
    this.treePanel.setAttribute("role", "group");
    this.treePanel.tabIndex = 0;
    this.treePanel.setAttribute("aria-label", "Search tree (drag to pan, Ctrl+wheel to zoom; the current node stays in view)");
    this.hover = h(doc, "div", "ww-hover");
    this.hover.setAttribute("aria-live", "off");
    treeBox.append(this.treePanel, this.hover);
    main.append(this.board, treeBox);
    const side = h(doc, "div", "ww-trace-side");
    const lists = h(doc, "div", "ww-trace-lists");
    // each list is named by its heading and reached by Tab (it scrolls: a keyboard scrolls it with the arrows up
    // and down); its entries are list items, "(none yet)" too
    const id = `ww-trace-${++panelIds}`;
    this.frontierTitle = h(doc, "h4");
    this.frontierTitle.id = `${id}-frontier`;
    this.frontierList = h(doc, "ol", "ww-frontier-list");
    this.frontierList.dataset.frontier = frontierKind(trace.algorithm);
    this.frontierList.tabIndex = 0;
    this.frontierList.setAttribute("aria-labelledby", this.frontierTitle.id);
    this.exploredTitle = h(doc, "h4", "ww-explored-title");
    this.exploredList = h(doc, "ul", "ww-explored-list");
    this.exploredList.dataset.explored = "true";
    this.exploredList.tabIndex = 0;
    lists.append(this.frontierTitle, this.frontierList, this.exploredTitle, this.exploredList);
    const codeBox = h(doc, "div", "ww-code-box");
    codeBox.append(h(doc, "p", "ww-code-title", listing.title));
    this.code = h(doc, "ol", "ww-code");
    this.code.title = listing.title; // its title is hidden where room is short (presenting a pair full screen)
    this.code.setAttribute("aria-label", "Pseudo-code");
    listing.lines.forEach((text, i) => {
      const li = h(doc, "li", "", text);
      li.dataset.line = String(i);
      this.code.append(li);
    });
    codeBox.append(this.code);
    side.append(lists, codeBox);
    this.path = h(doc, "div", "ww-path");
    this.path.setAttribute("aria-label", "Path from the root");
    this.el.append(heading, this.counters, main, this.path, side);
    this.boardModel = new LocalModel({ table: trace.positions["0"], view_only: true, status: "", message: {},
      hint_move: {}, games: [] });
    this.closeBoard = createTable(this.boardModel, this.board);
    this.panning();
    this.treePanel.addEventListener("click", (event) => {
      const target = (event.target as Element).closest?.("[data-node]") as SVGElement | null;
      if (!target || !this.last) return;
      const at = this.last.order.get(Number(target.dataset.node));
      this.jump(this, at ?? 0);
    });
    this.treePanel.addEventListener("mouseover", (event) => {
      const target = (event.target as Element).closest?.("[data-node]") as SVGElement | null;
      if (target && this.last) this.hover.textContent = nodeInfo(this.trace, this.last, Number(target.dataset.node));
    });
    this.treePanel.addEventListener("wheel", (event) => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      this.setZoom(this.zoom * (event.deltaY < 0 ? 1.2 : 1 / 1.2));
    }, { passive: false });
  }

  private title(): string {
    const o = this.trace.options;
    const bits = [];
    if (o.heuristic) bits.push(`h = ${heuristicWords(String(o.heuristic))}`);
    if (o.weight !== undefined && Number(o.weight) !== 1) bits.push(`weight ${o.weight}`);
    // a depth-first search skips a state on its own path even with no duplicate detection: its counters say so
    const stack = frontierKind(this.trace.algorithm) === "stack";
    if (o.dedupe !== undefined) {
      bits.push(o.dedupe ? "duplicate detection" : stack ? "duplicate detection on the path only" : "no duplicate detection");
    }
    if (Array.isArray(o.pruning)) bits.push(o.pruning.length ? `pruning: ${o.pruning.join(", ")}` : "no pruning");
    if (o.ordering) bits.push("move ordering");
    const name = searchName(this.trace);
    return `${name}${bits.length ? ` (${bits.join("; ")})` : ""}`;
  }

  private panning(): void {
    let start: [number, number, number, number] | null = null;
    this.treePanel.addEventListener("pointerdown", (event) => {
      if ((event.target as Element).closest?.("[data-node]")) return;
      start = [event.clientX, event.clientY, this.treePanel.scrollLeft, this.treePanel.scrollTop];
      this.treePanel.classList.add("ww-panning");
    });
    this.treePanel.addEventListener("pointermove", (event) => {
      if (!start) return;
      this.treePanel.scrollLeft = start[2] - (event.clientX - start[0]);
      this.treePanel.scrollTop = start[3] - (event.clientY - start[1]);
    });
    const stop = () => {
      start = null;
      this.treePanel.classList.remove("ww-panning");
    };
    this.treePanel.addEventListener("pointerup", stop);
    this.treePanel.addEventListener("pointerleave", stop);
  }

  stepAt(shared: number, lockstep: string): number {
    return stepOf(this.trace, this.expandAt, shared, lockstep);
  }

  sharedOf(eventIndex: number, lockstep: string): number {
    return sharedOf(this.expandAt, eventIndex, lockstep);
  }

  setZoom(zoom: number, fitted = false): void {
    this.zoom = Math.max(0.05, Math.min(zoom, 6));
    this.fitted = fitted;
    this.applyZoom();
    this.follow();
  }

  /** Show the whole tree in its panel: fitted whole, then its rows (a wide, shallow tree) or its columns (a deep,
   * narrow one) spaced out to fill the panel the other way too (fitTree). The spacing stays while zooming from
   * there, until the next Fit. */
  fit(): void {
    if (!this.drawn || !this.last) return;
    const w = this.treePanel.clientWidth - 4 - 2 * DOT_MARGIN; // (room for the dots at the edges: sizeDots)
    const hgt = this.treePanel.clientHeight - 4 - 2 * DOT_MARGIN;
    if (w <= 0 || hgt <= 0) return;
    const { zoom, rowScale, colScale } = fitTree(this.drawn, w, hgt);
    if (Math.abs(rowScale - this.rowScale) > 0.01 || Math.abs(colScale - this.colScale) > 0.01) {
      this.rowScale = rowScale;
      this.colScale = colScale;
      this.placeTree(this.last);
    }
    this.setZoom(zoom, true);
  }

  /** Draw the tree at `r` into its panel (null: too many nodes to draw). */
  private placeTree(r: Replay): Drawn | null {
    this.drawn = drawTree(this.doc, this.trace, r, this.rowScale, this.colScale);
    if (this.drawn) this.treePanel.replaceChildren(this.drawn.svg);
    return this.drawn;
  }

  /** The tree at the zoom: its size, and its dots and edges kept visible on screen however far it is zoomed out. */
  private applyZoom(): void {
    if (!this.drawn) return;
    sizeDots(this.drawn, this.zoom);
    const edge = 2 * this.drawn.margin;
    this.drawn.svg.style.width = `${Math.floor((this.drawn.width + edge) * this.zoom)}px`;
    this.drawn.svg.style.height = `${Math.floor((this.drawn.height + edge) * this.zoom)}px`;
  }

  /** Scroll the tree panel so the current node is in view; back at the root (a search that ended without a goal,
   * or step 0), the root is centred, so the tree's middle shows rather than wherever the search was last. */
  follow(): void {
    if (!this.drawn || !this.last) return;
    const root = Math.max(0, rootOf(this.trace, this.last));
    const node = this.last.current >= 0 ? this.last.current : root;
    const at = this.drawn.at.get(node);
    if (!at) return;
    const p = this.treePanel;
    const [x, y] = [(at[0] + this.drawn.margin) * this.zoom, (at[1] + this.drawn.margin) * this.zoom];
    const margin = 30;
    if (node === root || x < p.scrollLeft + margin || x > p.scrollLeft + p.clientWidth - margin) {
      p.scrollLeft = x - p.clientWidth / 2;
    }
    if (y < p.scrollTop + margin || y > p.scrollTop + p.clientHeight - margin) p.scrollTop = y - p.clientHeight / 2;
  }

  render(k: number, total: number): void {
    const r = this.replayer.at(k);
    this.last = r;
    const c = r.counts;
    const events = this.trace.events.length;
    // a depth-first search holds a stack (the path, each node with its successors still to try), not a
    // frontier: say its size as the list beside the tree does; a duplicate is skipped, not generated. Each
    // counter says what it counts on hover; iterative deepening's add up over its passes, but its tree and
    // its "explored" are the current pass's.
    const stack = frontierKind(this.trace.algorithm) === "stack";
    const iddfs = this.trace.algorithm === "iddfs";
    const pathOnly = stack && this.trace.options.dedupe === false;
    const items: [CounterName, string][] = [["step", `step ${k}/${events}`]];
    if (iddfs && r.limit >= 0) items.push(["limit", `pass ${r.pass}, depth limit ${r.limit}`]);
    items.push(
      ["expanded", `expanded ${c.expand ?? 0}${iddfs ? " in all passes" : ""}`],
      ["generated", `generated ${c.generate ?? 0}`],
      ["duplicates", `${pathOnly ? "repeats on the path skipped" : "duplicates skipped"} ` +
        `${(c.duplicate ?? 0) + (c.discard ?? 0)}`],
      ["pruned", `pruned ${c.prune ?? 0}`],
      ["held", stack ? `stack ${stackOf(r).length}` : `frontier ${r.frontier.size}`],
      ["explored", `explored ${iddfs ? "in this pass " : ""}${r.explored.size}`],
    );
    this.counters.replaceChildren();
    items.forEach(([name, text], i) => {
      const span = h(this.doc, "span", "ww-counter", text);
      span.dataset.counter = name;
      span.title = counterHelp(name, { stack, iddfs, pathOnly });
      if (i) this.counters.append(" \u00b7 ");
      this.counters.append(span);
    });
    if (r.goal >= 0) {
      this.counters.append(" · ", h(this.doc, "span", "ww-goal-banner", `goal reached in ${r.path.length - 1} moves`));
    } else if (k >= events && total > 0) {
      // a depth-limited search that reached its limit was cut off there (AIMA's "cutoff"), not proved goal-less
      const limit = depthLimitOf(this.trace.options);
      const cut = this.trace.algorithm === "depth-limited" && limit !== null &&
        [...r.explored].some((n) => (r.depth.get(n) ?? 0) >= limit);
      this.counters.append(cut ? ` · search ended without a goal: cut off at the depth limit ${limit}`
        : " · search ended without a goal");
    }
    this.pathMoves = r.path.slice(1).map((n) => moveText(this.trace.moves[r.via.get(n) ?? -1]));
    this.showPath();
    const position = this.trace.positions[String(r.current >= 0 ? r.current : 0)] as TableState | undefined;
    if (position) this.boardModel.set("table", position);
    this.board.classList.toggle("ww-stale", !position);
    this.board.title = position ? "" : "This node's position was not sent (the widget sends the first 20,000).";
    this.board.dataset.node = String(r.current);
    this.drawTreeOrSummary(r);
    const iteration = this.trace.kinds.indexOf("iteration");
    if (k === 0) {
      this.hover.textContent = "Step 0: the search has not started. The first step puts the start node on the frontier.";
      this.hover.dataset.note = "true";
    } else if (r.last === iteration && iteration >= 0) {
      this.hover.textContent = `Pass ${r.pass} begins with depth limit ${r.limit}: the search starts again from ` +
        "the start node, with a new tree.";
      this.hover.dataset.note = "true";
    } else if (this.hover.dataset.note) {
      this.hover.textContent = "";
      delete this.hover.dataset.note;
    }
    this.hover.dataset.step = String(k);
    this.drawFrontier(r);
    this.drawCode(r, k >= events);
  }

  /** The path from the root: "path:" and its moves. Where its box keeps it to a few lines (presenting a pair), it
   * shows the latest moves, those nearest the current node, after its label and the number of moves left out
   * ("path: … 18 earlier moves, pile 2→1, ..."); all of them are in its tooltip. (It was scrolled to its end, its
   * label and first moves hidden with no sign.) */
  showPath(): void {
    const moves = this.pathMoves;
    const draw = (hidden: number) => {
      const parts: (Node | string)[] = [h(this.doc, "span", "ww-path-label", "path:"), " "];
      if (hidden > 0) {
        parts.push(h(this.doc, "span", "ww-path-earlier", `\u2026 ${hidden} earlier move${hidden === 1 ? "" : "s"}`),
          hidden < moves.length ? ", " : "");
      }
      parts.push(moves.length ? moves.slice(hidden).join(", ") : "(root)");
      this.path.replaceChildren(...parts);
      this.path.dataset.hiddenMoves = String(hidden);
    };
    this.path.title = moves.length ? `path, ${moves.length} move${moves.length === 1 ? "" : "s"}: ${moves.join(", ")}` : "";
    draw(0);
    const over = () => this.path.scrollHeight > this.path.clientHeight + 1;
    if (!this.path.isConnected || this.path.clientHeight <= 0 || !over()) return;
    let [fewest, most] = [1, moves.length]; // the fewest moves left out for the rest to fit
    while (fewest < most) {
      const mid = Math.floor((fewest + most) / 2);
      draw(mid);
      if (over()) fewest = mid + 1;
      else most = mid;
    }
    draw(fewest);
  }

  private drawTreeOrSummary(r: Replay): void {
    const left = this.treePanel.scrollLeft;
    const top = this.treePanel.scrollTop;
    if (this.placeTree(r)) {
      this.applyZoom();
      if (this.fitted) this.fit();
      this.treePanel.scrollLeft = left;
      this.treePanel.scrollTop = top;
      this.follow();
    } else {
      const note = h(this.doc, "p", "ww-muted",
        `${(r.counts.generate ?? 0).toLocaleString("en")} nodes generated and ` +
        `${((r.counts.duplicate ?? 0) + (r.counts.prune ?? 0)).toLocaleString("en")} duplicates and pruned moves ` +
        "met: more than the tree draws, so a summary instead.");
      this.treePanel.replaceChildren(note, drawSummary(this.doc, this.trace, r));
    }
  }

  private drawFrontier(r: Replay): void {
    const kind = frontierKind(this.trace.algorithm);
    let items: number[];
    if (kind === "stack") {
      items = stackOf(r);
    } else {
      items = [...r.frontier];
      const f = (n: number) => fValue(this.trace.algorithm, this.trace.options, r.g.get(n) ?? 0, r.h.get(n) ?? 0) ?? 0;
      const order = (n: number) => r.order.get(n) ?? 0;
      items.sort(kind === "queue" ? (a, b) => order(a) - order(b) : (a, b) => f(a) - f(b) || order(a) - order(b));
    }
    const names = { queue: "Frontier: FIFO queue (next out first)", stack: "Stack (top first)",
      priority: "Frontier: priority queue (lowest f first)" };
    this.frontierTitle.textContent = `${names[kind]} · ${kind === "stack" ? items.length : r.frontier.size}`;
    this.frontierList.replaceChildren(...items.slice(0, FRONTIER_SHOWN).map((n) => {
      const g = r.g.get(n) ?? 0;
      const hv = r.h.get(n) ?? 0;
      const f = fValue(this.trace.algorithm, this.trace.options, g, hv);
      // the move, then its costs: a column too narrow for both breaks the line between them, not inside either
      const li = h(this.doc, "li");
      li.append(h(this.doc, "span", "ww-entry-move",
        `#${n} ${isRoot(r, n) ? "start" : moveText(this.trace.moves[r.via.get(n) ?? -1])}`),
      " ", h(this.doc, "span", "ww-entry-cost", `· g ${g}` + (f === null ? "" : ` · h ${hv} · f ${f}`)));
      li.dataset.node = String(n);
      return li;
    }));
    if (items.length > FRONTIER_SHOWN) this.frontierList.append(h(this.doc, "li", "ww-muted", `… ${items.length - FRONTIER_SHOWN} more`));
    this.exploredTitle.textContent = `Explored · ${r.explored.size}`;
    // "latest:" before the first entry is drawn by CSS (style.ts): a screen reader hears it in the list's name
    this.exploredList.setAttribute("aria-label", `Explored, ${r.explored.size}${r.explored.size ? ", latest first" : ""}`);
    const recent = [...r.explored].slice(-16).reverse();
    this.exploredList.toggleAttribute("data-latest", recent.length > 0);
    this.exploredList.replaceChildren(...(recent.length ? recent.map((n) => {
      const li = h(this.doc, "li", "", `#${n}`);
      li.dataset.node = String(n);
      return li;
    }) : [h(this.doc, "li", "ww-muted", "(none yet)")]));
  }

  private drawCode(r: Replay, ended: boolean): void {
    const listing = listingFor(this.trace.algorithm, this.trace.options);
    let line = 0;
    if (r.last >= 0) {
      const e = this.trace.events[r.step - 1];
      const kind = this.trace.kinds[r.last];
      line = listing.line[kind === "generate" && e[2] < 0 ? "root" : kind] ?? 0;
      if (ended && r.goal < 0) line = listing.line.fail ?? line;
    }
    this.code.querySelectorAll("li").forEach((li) => {
      if (Number(li.dataset.line) === line) li.setAttribute("aria-current", "step");
      else li.removeAttribute("aria-current");
    });
    if (this.trace.algorithm === "iddfs") { // the loop's line says which pass is running
      const loop = this.code.querySelector('[data-line="1"]');
      if (loop) loop.textContent = `${listing.lines[1]}${r.limit >= 0 ? `      (now: limit = ${r.limit})` : ""}`;
    }
    this.code.dataset.kind = r.last >= 0 ? this.trace.kinds[r.last] : "start";
    this.showLine();
  }

  /** Where the pseudo-code's box shows only some of its lines (presenting a pair on a short screen), it scrolls to
   * keep the current line in view, with the lines around it. */
  showLine(): void {
    const code = this.code;
    const li = code.querySelector('[aria-current="step"]') as HTMLElement | null;
    delete code.dataset.above;
    delete code.dataset.below;
    if (!li || !code.isConnected || code.clientHeight <= 0 || code.scrollHeight <= code.clientHeight + 1) return;
    const top = li.getBoundingClientRect().top - code.getBoundingClientRect().top - code.clientTop + code.scrollTop;
    code.scrollTop = Math.max(0, top - (code.clientHeight - li.offsetHeight) / 2);
    // the edge with lines beyond it says so (style.ts), as the path says how many moves it leaves out
    if (code.scrollTop > 1) code.dataset.above = "true";
    if (code.scrollTop + code.clientHeight < code.scrollHeight - 1) code.dataset.below = "true";
  }

  close(): void {
    this.closeBoard();
    this.el.remove();
  }
}

/** A search's name for a person: "A* search", not "astar" (its pseudo-code's title, without the AIMA reference). */
function searchName(trace: TracePayload): string {
  return listingFor(trace.algorithm, trace.options).title.replace(/ \(AIMA[^)]*\)$/, "");
}

/** The height the view can use on screen: the window's, or less where a box around it scrolls its content (a
 * notebook's panel; an output area that only wraps the view does not count). */
function visibleHeight(node: HTMLElement): number {
  const view = node.ownerDocument.defaultView;
  let height = view?.innerHeight ?? 0;
  for (let p = node.parentElement; p; p = p.parentElement) {
    const y = view?.getComputedStyle(p).overflowY;
    if ((y === "auto" || y === "scroll") && p.clientHeight > 0 && p.scrollHeight > p.clientHeight + 1) {
      height = height ? Math.min(height, p.clientHeight) : p.clientHeight;
    }
  }
  return height;
}

/** A depth-first search's stack, top first (TraceState.stack in Python): a node generated and not yet expanded,
 * the child it goes down to next, then the path's nodes from the current one back to the root, each with its
 * successors still to try. */
export function stackOf(r: Replay): number[] {
  // each node once: at the goal the current node is the goal, generated and never expanded, both the child
  // pushed last and the path's end (it was listed twice)
  const onPath = new Set(r.path);
  const waiting = [...r.frontier].filter((n) => !onPath.has(n))
    .sort((a, b) => (r.order.get(b) ?? 0) - (r.order.get(a) ?? 0));
  return [...waiting, ...[...r.path].reverse()];
}

/** Build the trace view inside `el`; returns the clean-up function. */
export function createTraceView(model: Model, el: HTMLElement): () => void {
  const doc = el.ownerDocument;
  addStyle(el);
  const viewOnly = Boolean(model.get("view_only"));
  const tracesOf = (): TracePayload[] => {
    const many = model.get("traces") as TracePayload[] | undefined;
    return many && many.length ? many : [model.get("trace") as TracePayload];
  };
  let traces = tracesOf();
  let lockstep = String(model.get("lockstep") ?? "steps");
  let total = sharedTotal(traces, lockstep);
  let step = Math.min(Number(model.get("step") ?? 0), total);
  let timer: ReturnType<typeof setInterval> | undefined;

  const root = h(doc, "div", "ww-trace");
  root.tabIndex = 0;
  root.setAttribute("aria-label", "Search trace (arrow keys step, space plays, Home and End)");
  const controls = h(doc, "div", "ww-toolbar");
  const scrubber = h(doc, "input", "ww-scrubber");
  scrubber.type = "range";
  scrubber.min = "0";
  scrubber.setAttribute("aria-label", "Step");
  const speed = h(doc, "input", "ww-speed");
  speed.type = "range";
  speed.min = "1";
  speed.max = "60";
  speed.value = String(model.get("speed") ?? 4);
  speed.setAttribute("aria-label", "Speed");
  const play = button(doc, "Play", () => (timer ? pause() : start()));
  const present = button(doc, "Presentation", () => {
    const on = !root.classList.contains("ww-present");
    if (on) enterFullScreen(); // in the click itself: a browser grants full screen only in answer to a person
    model.set("presentation", on);
    model.save_changes();
    applyPresentation();
    root.focus({ preventScroll: true }); // Space now plays, as the keys say, rather than press this button again
  });
  const stepLabel = h(doc, "span", "ww-step-label");
  controls.append(
    button(doc, "Start", () => go(0)),
    button(doc, "Step back", () => go(step - 1), "\u25c0"),
    play,
    button(doc, "Step forward", () => go(step + 1), "\u25b6"),
    button(doc, "End", () => go(total)),
    scrubber,
    stepLabel,
    // a label and its slider, and the two zoom buttons, wrap to the next row together, never apart
    together(h(doc, "span", "ww-speed-label", "speed"), speed),
    together(button(doc, "Zoom out", () => panels.forEach((p) => p.setZoom(p.zoom / 1.25)), "\u2212"),
      button(doc, "Zoom in", () => panels.forEach((p) => p.setZoom(p.zoom * 1.25)), "+")),
    button(doc, "Fit", () => panels.forEach((p) => p.fit())),
    present,
  );
  const legend = h(doc, "div", "ww-legend");
  legend.dataset.legend = "true";
  legend.setAttribute("aria-label", "Legend");
  for (const [state, label] of LEGEND) {
    const item = h(doc, "span");
    item.dataset.legendItem = state;
    const swatch = h(doc, "i");
    swatch.style.background = `var(--ww-t-${state})`;
    item.append(swatch, label);
    legend.append(item);
  }
  const movesNote = h(doc, "span", "ww-legend-moves", MOVES_NOTE);
  movesNote.dataset.legendItem = "moves";
  const hiddenNote = h(doc, "span", "ww-legend-hidden");
  hiddenNote.append(h(doc, "b", "", "??"), h(doc, "span", "ww-hidden-long", HIDDEN_NOTE),
    h(doc, "span", "ww-hidden-short", HIDDEN_SHORT));
  hiddenNote.dataset.legendItem = "hidden";
  legend.append(movesNote, hiddenNote);
  legend.title = `${MOVES_NOTE}\n??${HIDDEN_NOTE}`; // presenting, the notes are hidden to keep the legend to one row
  const runbar = viewOnly ? null : buildRunbar();
  const area = h(doc, "div", "ww-trace-panels");
  root.append(controls);
  if (runbar) root.append(runbar.el);
  root.append(legend, area);
  el.append(root);
  const theme = followTheme(root); // light or dark as the notebook is, whatever the browser prefers
  requestAnimationFrame?.(() => theme.check()); // drawn: the page behind it can be read

  let panels: Panel[] = [];
  function build(): void {
    panels.forEach((p) => p.close());
    traces = tracesOf();
    hiddenNote.hidden = traces.every((t) => t.reveal); // said only where cards are hidden
    total = sharedTotal(traces, lockstep);
    step = Math.min(step, total);
    scrubber.max = String(total);
    area.style.setProperty("--ww-panels", String(traces.length));
    panels = traces.map((t, i) => new Panel(doc, t, i, jump));
    area.replaceChildren(...panels.map((p) => p.el));
    runbar?.sync();
  }

  /** Presenting two searches side by side, or presenting full screen: the tree panels take the height left on
   * screen, so the whole view (bar, trees, lists and pseudo-code) fits the screen (a pair at 1920 x 1080 was 1,141
   * px tall). The lists and the code keep fixed heights in that mode, so stepping does not change the view's
   * height. */
  function fitPair(): void {
    const [a, b] = panels.map((p) => p.el.getBoundingClientRect());
    const pair = panels.length === 2 && Math.abs(a.top - b.top) <= 1; // (stacked in a narrow cell, it scrolls)
    if (!root.classList.contains("ww-present") || !root.isConnected || !(pair || fullScreen())) {
      root.style.removeProperty("--ww-tree-h");
      return;
    }
    // from the trees' height now, whatever it is (taking it away first let a page that scrolls only with the
    // fitted view jump back to its top)
    const tree = panels[0].el.querySelector(".ww-tree-panel")?.getBoundingClientRect().height ?? 0;
    const box = root.getBoundingClientRect();
    // full screen, the view is the screen and scrolls inside: what its content takes beyond it (or leaves free)
    const over = fullScreen()
      ? area.getBoundingClientRect().bottom + root.scrollTop - box.top +
        parseFloat(doc.defaultView?.getComputedStyle(root).paddingBottom ?? "0") - root.clientHeight
      : box.height - visibleHeight(root);
    const most = 0.56 * (doc.defaultView?.innerHeight ?? 1000);
    root.style.setProperty("--ww-tree-h", `${Math.floor(Math.max(160, Math.min(tree - over, most)))}px`);
  }
  /** The view's size changed: the pair's trees, each tree (fitted again where it was, or presenting), its path. */
  const relayout = () => {
    const presenting = root.classList.contains("ww-present");
    fitPair();
    panels.forEach((p) => {
      if (presenting || p.fitted) p.fit();
      else p.follow();
      p.showPath();
      p.showLine();
    });
  };
  const onResize = () => {
    if (root.classList.contains("ww-present")) relayout();
  };
  doc.defaultView?.addEventListener("resize", onResize);

  /** Presentation asks the browser to show the view full screen (the Fullscreen API), where it has the whole
   * screen: in JupyterLab at 1280 x 720 its bars and side panel left the view too narrow and too short, and the
   * pseudo-code's current line and the frontier fell below the screen. Where the browser refuses (Presentation
   * switched on from Python, with no click to grant it; a page that does not allow it), the view presents in the
   * page as before. Leaving full screen (Escape) leaves presenting too. */
  const fullScreen = (): boolean => (root.getRootNode() as Document | ShadowRoot).fullscreenElement === root;
  let wentFull = false;
  function enterFullScreen(): void {
    if (!doc.fullscreenEnabled || typeof root.requestFullscreen !== "function" || doc.fullscreenElement) return;
    try {
      root.requestFullscreen({ navigationUI: "hide" }).catch(() => undefined);
    } catch {
      // a browser without the promise: presenting in the page
    }
  }
  function leaveFullScreen(): void {
    if (fullScreen()) doc.exitFullscreen?.().catch(() => undefined);
  }
  const onFullScreen = () => {
    const full = fullScreen();
    root.classList.toggle("ww-full-screen", full && root.classList.contains("ww-present"));
    if (full) {
      wentFull = true;
      root.focus({ preventScroll: true }); // the keys step this view
    } else if (wentFull) {
      wentFull = false;
      if (root.classList.contains("ww-present")) { // Escape, or the browser's own way out of full screen
        model.set("presentation", false);
        model.save_changes();
        applyPresentation();
        return;
      }
    } else {
      return; // another element's full screen
    }
    requestAnimationFrame?.(relayout);
  };
  doc.addEventListener("fullscreenchange", onFullScreen);

  function jump(panel: Panel, eventIndex: number): void {
    go(panel.sharedOf(eventIndex, lockstep));
  }

  function render(): void {
    scrubber.value = String(step);
    const unit = lockstep === "expansions" && traces.length > 1 ? "expansion" : "step";
    stepLabel.textContent = `${unit} ${step}/${total}`;
    scrubber.setAttribute("aria-valuetext", `${unit} ${step} of ${total}`); // the arrow keys step it, read in words
    for (const p of panels) p.render(p.stepAt(step, lockstep), total);
    if (root.classList.contains("ww-full-screen")) { // a step that took another line (the goal's banner) or gave one
      const was = root.style.getPropertyValue("--ww-tree-h"); // back: the tree takes the height that is left
      fitPair();
      if (root.style.getPropertyValue("--ww-tree-h") !== was) panels.forEach((p) => p.fitted && p.fit());
    }
  }

  function go(k: number): void {
    step = Math.max(0, Math.min(total, k));
    model.set("step", step);
    model.save_changes();
    render();
    if (step >= total) pause();
  }
  function start(): void {
    if (step >= total) go(0);
    play.textContent = "Pause";
    play.setAttribute("aria-label", "Pause");
    timer = setInterval(() => go(step + 1), 1000 / Number(speed.value));
  }
  function pause(): void {
    if (timer) clearInterval(timer);
    timer = undefined;
    play.textContent = "Play";
    play.setAttribute("aria-label", "Play");
  }
  function applyPresentation(): void {
    const on = Boolean(model.get("presentation"));
    const entering = on && !root.classList.contains("ww-present");
    root.classList.toggle("ww-present", on);
    present.setAttribute("aria-pressed", String(on));
    if (!on) leaveFullScreen();
    root.classList.toggle("ww-full-screen", on && fullScreen());
    fitPair();
    panels.forEach((p) => p.showPath());
    // presenting: the view's top at the top of the screen, so the tree and the code fit below it (once fitted: a
    // page that only scrolls with the fitted view scrolled too little)
    if (entering && root.isConnected) root.scrollIntoView?.({ block: "start" });
    // presenting: the tree fills its panel (and keeps doing so as it grows), for the back row to see
    requestAnimationFrame?.(relayout);
  }

  function buildRunbar() {
    const bar = h(doc, "div", "ww-runbar");
    bar.setAttribute("aria-label", "Run another search");
    const choices = (model.get("choices") ?? {}) as Choices;
    const numbers = { ...NUMBERS, ...(choices.numbers ?? {}) };
    // each menu lists names a person reads ("Breadth-first search"), each option's value the engine's id
    const select = (label: string, values: string[], words: (v: string) => string = (v) => v,
                    help: Record<string, string> = {}) => {
      const s = h(doc, "select");
      s.setAttribute("aria-label", label);
      for (const v of values) {
        const option = new Option(words(v), v);
        if (help[v]) option.title = help[v];
        s.append(option);
      }
      return s;
    };
    const check = (label: string, on: boolean, help = "") => {
      const wrap = h(doc, "label");
      const box = h(doc, "input");
      box.type = "checkbox";
      box.checked = on;
      box.setAttribute("aria-label", label);
      wrap.append(box, label);
      if (help) wrap.title = help;
      return [wrap, box] as const;
    };
    const numberField = (label: string, name: "depth_limit" | "weight") => {
      const rule = numbers[name];
      const wrap = h(doc, "label");
      const input = h(doc, "input", "ww-number");
      input.type = "number";
      input.min = String(rule.min);
      input.max = String(rule.max);
      input.step = String(rule.step);
      input.value = String(rule.default);
      input.setAttribute("aria-label", label);
      wrap.append(`${label} `, input);
      wrap.title = numberProblem(name, "", numbers).replace(" must be ", " is ");
      wrap.hidden = true;
      return [wrap, input] as const;
    };
    const algorithm = select("Algorithm", choices.algorithms ?? [], algorithmName);
    const heuristic = select("Heuristic", choices.heuristics ?? [], (v) => HEURISTIC_NAMES[v] ?? v, HEURISTIC_HELP);
    const heuristicHelp = () => (heuristic.title = heuristic.disabled ? "This search uses no heuristic."
      : HEURISTIC_HELP[heuristic.value] ?? "");
    heuristic.addEventListener("change", heuristicHelp);
    const [limitWrap, limit] = numberField("Depth limit", "depth_limit");
    const [weightWrap, weight] = numberField("Weight", "weight");
    const fields = { depth_limit: limit, weight };
    const [dedupeWrap, dedupe] = check("Duplicate detection", true,
      "Skip a child whose state was reached before (a depth-first search always skips a state on its own path).");
    const rules = (choices.rules ?? []).map((rule) => check(`Prune: ${rule}`, true, RULE_HELP[rule] ?? ""));
    const [orderWrap, ordering] = check("Move ordering", false, "Try the most promising moves first.");
    const [besideWrap, beside] = check("Show beside", false, "Show the new search beside this one, in step with it.");
    // two searches on show: which one the new search replaces is chosen, not guessed (it was always the left)
    const replaceWrap = h(doc, "label");
    const replace = select("Replace", []);
    replaceWrap.append("Replace ", replace);
    const status = h(doc, "span", "ww-run-status");
    status.setAttribute("role", "status");
    /** The number field the chosen algorithm uses, and why its value cannot run ("" when it can). */
    const numberCheck = (): [HTMLInputElement | null, string] => {
      const name = NUMBER_FOR[algorithm.value];
      if (!name) return [null, ""];
      return [fields[name], numberProblem(name, fields[name].value, numbers)];
    };
    const showProblem = (): string => {
      for (const input of Object.values(fields)) input.removeAttribute("aria-invalid");
      const [input, problem] = numberCheck();
      if (input && problem) input.setAttribute("aria-invalid", "true");
      status.textContent = problem;
      return problem;
    };
    const runButton = button(doc, "Run search", () => {
      if (showProblem()) { // one sentence in the bar, and the field to mend has the focus; nothing is sent
        numberCheck()[0]?.focus();
        return;
      }
      const informed = (choices.informed ?? []).includes(algorithm.value);
      const name = NUMBER_FOR[algorithm.value];
      model.send({
        type: "run", algorithm: algorithm.value, heuristic: informed ? heuristic.value : null, dedupe: dedupe.checked,
        pruning: (choices.rules ?? []).filter((_, i) => rules[i][1].checked),
        ordering: ordering.checked, beside: traces.length < 2 && beside.checked,
        panel: traces.length < 2 ? 0 : Number(replace.value),
        ...(name ? { [name]: Number(fields[name].value) } : {}),
      });
      status.textContent = "running\u2026";
    }, "Run");
    const algorithmChanged = () => {
      const informed = (choices.informed ?? []).includes(algorithm.value);
      heuristic.disabled = !informed;
      if (informed && choices.default_heuristic?.[algorithm.value] && !heuristic.dataset.touched) {
        heuristic.value = choices.default_heuristic[algorithm.value];
      }
      heuristicHelp();
      limitWrap.hidden = NUMBER_FOR[algorithm.value] !== "depth_limit";
      weightWrap.hidden = NUMBER_FOR[algorithm.value] !== "weight";
      if (status.textContent && !status.textContent.endsWith("\u2026")) showProblem();
    };
    // a choice made in the bar is kept until a search is run: choosing which search to Replace does not undo it
    let chosen = false;
    algorithm.addEventListener("change", algorithmChanged);
    heuristic.addEventListener("change", () => (heuristic.dataset.touched = "1"));
    for (const input of Object.values(fields)) input.addEventListener("input", showProblem);
    for (const control of [algorithm, heuristic, limit, weight, dedupe, ordering, ...rules.map(([, box]) => box)]) {
      control.addEventListener("change", () => (chosen = true));
      control.addEventListener("input", () => (chosen = true));
    }
    bar.append(h(doc, "span", "", "Search again:"), algorithm, heuristic, limitWrap, weightWrap, dedupeWrap,
      ...rules.map(([w]) => w), orderWrap, besideWrap, replaceWrap, runButton, status);
    /** Start the bar from a search on show: Run without a change runs that search again. */
    const startFrom = (t: TracePayload) => {
      const id = String(t.options.algorithm ?? t.algorithm);
      if (choices.algorithms?.includes(id)) algorithm.value = id;
      delete heuristic.dataset.touched;
      algorithmChanged(); // the algorithm's own heuristic first; the one the search on show used wins
      if (t.options.heuristic && choices.heuristics?.includes(String(t.options.heuristic))) {
        heuristic.value = String(t.options.heuristic);
      }
      heuristicHelp();
      if (typeof t.options.depth_limit === "number") limit.value = String(t.options.depth_limit);
      if (typeof t.options.weight === "number" && id === "weighted-astar") weight.value = String(t.options.weight);
      if (typeof t.options.dedupe === "boolean") dedupe.checked = t.options.dedupe;
      if (Array.isArray(t.options.pruning)) {
        const on = t.options.pruning.map(String);
        (choices.rules ?? []).forEach((rule, i) => (rules[i][1].checked = on.includes(rule)));
      }
      if (typeof t.options.ordering === "boolean") ordering.checked = t.options.ordering;
    };
    const api = {
      el: bar,
      /** The searches on show changed: the bar starts again from the one a new search would replace. */
      sync() {
        const two = traces.length >= 2;
        besideWrap.hidden = two;
        replaceWrap.hidden = !two;
        const was = replace.value || "0";
        replace.replaceChildren(...traces.map((one, i) => new Option(
          `${i === 0 ? "the left" : "the right"}: ${searchName(one)}`,
          String(i))));
        replace.value = Number(was) < traces.length ? was : "0";
        chosen = false;
        startFrom(traces[Number(replace.value) || 0]);
        status.textContent = model.get("busy") ? "running\u2026" : String(model.get("error") ?? "");
      },
      status(text: string) {
        status.textContent = text;
      },
    };
    // Replace changed: with nothing chosen yet, the bar starts from the search it would replace; the choices
    // made are kept (choosing the right after picking an algorithm threw the pick away)
    replace.addEventListener("change", () => {
      if (!chosen) startFrom(traces[Number(replace.value) || 0]);
    });
    return api;
  }

  scrubber.addEventListener("input", () => go(Number(scrubber.value)));
  speed.addEventListener("input", () => {
    model.set("speed", Number(speed.value));
    model.save_changes();
    if (timer) {
      pause();
      start();
    }
  });
  root.addEventListener("keydown", (event) => {
    const target = event.target as HTMLElement;
    // a key pressed in the view is the view's or its control's (the step slider's arrows, a menu's letters), never
    // the notebook's: JupyterLab's command mode cancelled the slider's arrow keys (Tab, Escape and Shift+Enter
    // still reach it)
    if (!event.ctrlKey && !event.metaKey && !event.altKey && !["Tab", "Escape"].includes(event.key) &&
        !(event.key === "Enter" && event.shiftKey)) event.stopPropagation();
    if (target.tagName === "INPUT" || target.tagName === "SELECT") return;
    const keys: Record<string, () => void> = {
      ArrowRight: () => go(step + 1), ArrowLeft: () => go(step - 1), Home: () => go(0), End: () => go(total),
      " ": () => (timer ? pause() : start()),
    };
    if (root.classList.contains("ww-present")) keys.Escape = () => present.click(); // Escape leaves presenting
    const action = keys[event.key];
    if (!action || (target.tagName === "BUTTON" && event.key === " ")) return;
    event.preventDefault();
    event.stopPropagation();
    action();
  });
  const onStep = () => {
    const k = Number(model.get("step"));
    if (k !== step) {
      step = Math.max(0, Math.min(total, k));
      render();
    }
  };
  const onTraces = () => {
    pause();
    step = Number(model.get("step") ?? 0);
    build();
    render();
    if (root.classList.contains("ww-present")) onResize();
  };
  const onLockstep = () => {
    lockstep = String(model.get("lockstep") ?? "steps");
    onTraces();
  };
  const onBusy = () => runbar?.status(model.get("busy") ? "running\u2026" : String(model.get("error") ?? ""));
  const unlisten = listen(model, [
    ["change:step", onStep],
    ["change:traces", onTraces],
    ["change:lockstep", onLockstep],
    ["change:presentation", applyPresentation],
    ["change:busy", onBusy],
    ["change:error", onBusy],
  ]);
  build();
  render();
  applyPresentation();

  return () => {
    pause();
    doc.defaultView?.removeEventListener("resize", onResize);
    doc.removeEventListener("fullscreenchange", onFullScreen);
    leaveFullScreen();
    theme.dispose();
    unlisten();
    panels.forEach((p) => p.close());
    root.remove();
  };
}
