/**
 * The search-trace view: step k is a replay of events[:k], done here in the
 * browser, so it works in a static export too. The position at the current node
 * is drawn read-only by the table's own renderer.
 */
import { h, LocalModel } from "./local_model";
import { createTable } from "./table";
import type { Model, TableState } from "./types";

export interface TracePayload {
  algorithm: string;
  options: Record<string, unknown>;
  kinds: string[];
  moves: [string, string, number][];
  rules: string[];
  events: number[][];
  positions: Record<string, TableState>;
}

export interface Replay {
  step: number;
  current: number;
  goal: number;
  path: number[]; // node ids from the root to the current node
  frontier: Set<number>;
  explored: Set<number>;
  pruned: Set<number>;
  duplicates: Set<number>;
  parents: Map<number, number>;
  via: Map<number, number>;
  depth: Map<number, number>;
  rule: Map<number, number>;
  counts: Record<string, number>;
}

/** The search as it stood after the first `k` events (the same replay as Trace.state_at in Python). */
export function replay(trace: TracePayload, k: number): Replay {
  const r: Replay = {
    step: k, current: -1, goal: -1, path: [], frontier: new Set(), explored: new Set(), pruned: new Set(),
    duplicates: new Set(), parents: new Map(), via: new Map(), depth: new Map(), rule: new Map(), counts: {},
  };
  for (const kind of trace.kinds) r.counts[kind] = 0;
  const kind = (i: number) => trace.kinds[i];
  for (const event of trace.events.slice(0, k)) {
    const [code, node, parent, move, depth, , , , , rule] = event;
    r.counts[kind(code)] += 1;
    switch (kind(code)) {
      case "iteration":
        for (const s of [r.frontier, r.explored, r.pruned, r.duplicates]) s.clear();
        r.parents.clear();
        r.via.clear();
        r.current = -1;
        break;
      case "generate":
      case "duplicate":
      case "prune":
        r.parents.set(node, parent);
        r.via.set(node, move);
        r.depth.set(node, depth);
        if (rule >= 0) r.rule.set(node, rule);
        (kind(code) === "generate" ? r.frontier : kind(code) === "prune" ? r.pruned : r.duplicates).add(node);
        break;
      case "expand":
        r.frontier.delete(node);
        r.explored.add(node);
        r.current = node;
        break;
      case "backtrack":
        r.current = r.parents.get(node) ?? -1;
        break;
      case "goal":
        r.goal = node;
        r.current = node;
        break;
    }
  }
  for (let node = r.current; node >= 0; node = r.parents.get(node) ?? -1) {
    r.path.unshift(node);
    if (!r.parents.has(node) || r.parents.get(node)! < 0) break;
  }
  return r;
}

function moveText(move: [string, string, number] | undefined): string {
  if (!move) return "";
  const [from, to, count] = move;
  if (from === "stock") return to === "tableau" ? "deal" : "draw";
  return `${from}\u2192${to}${count > 1 ? ` \u00d7${count}` : ""}`;
}

const TREE_LIMIT = 400;
const SVG = "http://www.w3.org/2000/svg";

function drawTree(doc: Document, trace: TracePayload, r: Replay): SVGSVGElement | null {
  const nodes = [...r.parents.keys()];
  if (r.explored.size + r.frontier.size === 0 && nodes.length === 0) return null;
  const all = new Set<number>([0, ...nodes]);
  if (all.size > TREE_LIMIT) return null;
  const children = new Map<number, number[]>();
  for (const node of nodes) {
    const parent = r.parents.get(node)!;
    if (parent < 0) continue;
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent)!.push(node);
  }
  const x = new Map<number, number>();
  const y = new Map<number, number>();
  let next = 0;
  const place = (node: number, depth: number) => {
    y.set(node, depth);
    const kids = children.get(node) ?? [];
    if (!kids.length) {
      x.set(node, next++);
      return;
    }
    kids.forEach((kid) => place(kid, depth + 1));
    x.set(node, (x.get(kids[0])! + x.get(kids[kids.length - 1])!) / 2);
  };
  place(0, 0);
  const onPath = new Set(r.goal >= 0 ? r.path : []);
  const width = Math.max(1, next) * 18 + 20;
  const height = (Math.max(...y.values()) + 1) * 34 + 20;
  const svg = doc.createElementNS(SVG, "svg");
  svg.setAttribute("class", "ww-tree");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.style.width = `${width}px`; // natural size: the panel scrolls rather than shrink the tree
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `Search tree, ${all.size} nodes`);
  const pos = (n: number) => [10 + x.get(n)! * 18 + 9, 14 + y.get(n)! * 34];
  for (const node of nodes) {
    const parent = r.parents.get(node)!;
    if (parent < 0 || !x.has(node) || !x.has(parent)) continue;
    const [x1, y1] = pos(parent);
    const [x2, y2] = pos(node);
    const line = doc.createElementNS(SVG, "line");
    line.setAttribute("x1", String(x1));
    line.setAttribute("y1", String(y1));
    line.setAttribute("x2", String(x2));
    line.setAttribute("y2", String(y2));
    line.setAttribute("class", onPath.has(node) ? "ww-edge ww-solution" : "ww-edge");
    svg.append(line);
  }
  for (const node of all) {
    if (!x.has(node)) continue;
    const [cx, cy] = pos(node);
    const circle = doc.createElementNS(SVG, "circle");
    let cls = "ww-node";
    if (node === r.current) cls += " ww-current";
    else if (onPath.has(node)) cls += " ww-solution";
    else if (r.pruned.has(node)) cls += " ww-pruned";
    else if (r.duplicates.has(node)) cls += " ww-duplicate";
    else if (r.explored.has(node)) cls += " ww-explored";
    else if (r.frontier.has(node)) cls += " ww-frontier";
    circle.setAttribute("class", cls);
    circle.setAttribute("cx", String(cx));
    circle.setAttribute("cy", String(cy));
    circle.setAttribute("r", "6");
    circle.dataset.node = String(node);
    const title = doc.createElementNS(SVG, "title");
    const rule = r.rule.has(node) ? ` (pruned: ${trace.rules[r.rule.get(node)!]})` : "";
    title.textContent = `node ${node}: ${moveText(trace.moves[r.via.get(node) ?? -1])}${rule}`;
    circle.append(title);
    svg.append(circle);
  }
  return svg;
}

/** Build the trace view inside `el`; returns the clean-up function. */
export function createTraceView(model: Model, el: HTMLElement): () => void {
  const doc = el.ownerDocument;
  const trace = model.get("trace") as TracePayload;
  const total = trace.events.length;
  let step = Math.min(Number(model.get("step") ?? 0), total);
  let timer: ReturnType<typeof setInterval> | undefined;

  const root = h(doc, "div", "ww-trace");
  const controls = h(doc, "div", "ww-toolbar");
  const button = (label: string, action: () => void) => {
    const b = h(doc, "button", "ww-button", label);
    b.type = "button";
    b.setAttribute("aria-label", label);
    b.addEventListener("click", action);
    return b;
  };
  const scrubber = h(doc, "input", "ww-scrubber");
  scrubber.type = "range";
  scrubber.min = "0";
  scrubber.max = String(total);
  scrubber.setAttribute("aria-label", "Step");
  const speed = h(doc, "input", "ww-speed");
  speed.type = "range";
  speed.min = "1";
  speed.max = "60";
  speed.value = String(model.get("speed") ?? 4);
  speed.setAttribute("aria-label", "Speed");
  const play = button("Play", () => (timer ? pause() : start()));
  controls.append(
    button("Start", () => go(0)),
    button("Step back", () => go(step - 1)),
    play,
    button("Step forward", () => go(step + 1)),
    button("End", () => go(total)),
    scrubber,
    h(doc, "span", "ww-speed-label", "speed"),
    speed,
  );
  const counters = h(doc, "div", "ww-counters");
  counters.setAttribute("role", "status");
  const path = h(doc, "div", "ww-path");
  path.setAttribute("aria-label", "Path from the root");
  const body = h(doc, "div", "ww-trace-body");
  const board = h(doc, "div", "ww-trace-board");
  const tree = h(doc, "div", "ww-trace-tree");
  body.append(board, tree);
  root.append(controls, counters, body, path);
  el.append(root);

  const boardModel = new LocalModel({ table: trace.positions["0"], view_only: true, status: "", message: {}, hint_move: {}, games: [] });
  const closeBoard = createTable(boardModel, board);

  function render(): void {
    const r = replay(trace, step);
    scrubber.value = String(step);
    const c = r.counts;
    counters.textContent =
      `${trace.algorithm} · step ${step}/${total} · expanded ${c.expand ?? 0} · generated ${c.generate ?? 0} · ` +
      `duplicates ${c.duplicate ?? 0} · pruned ${c.prune ?? 0} · frontier ${r.frontier.size} · explored ${r.explored.size}` +
      (r.goal >= 0 ? " · goal reached" : "");
    const moves = r.path.slice(1).map((n) => moveText(trace.moves[r.via.get(n) ?? -1]));
    path.textContent = moves.length ? `path: ${moves.join(", ")}` : "path: (root)";
    const position = trace.positions[String(r.current >= 0 ? r.current : 0)];
    if (position) boardModel.set("table", position);
    board.dataset.node = String(r.current);
    const svg = drawTree(doc, trace, r);
    tree.replaceChildren(svg ?? h(doc, "p", "ww-muted", "(the tree is drawn for traces of up to 400 nodes)"));
  }

  function go(k: number): void {
    step = Math.max(0, Math.min(total, k));
    model.set("step", step);
    model.save_changes();
    render();
    if (step >= total) pause();
  }
  function start(): void {
    if (step >= total) step = 0;
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
  scrubber.addEventListener("input", () => go(Number(scrubber.value)));
  speed.addEventListener("input", () => {
    model.set("speed", Number(speed.value));
    model.save_changes();
    if (timer) {
      pause();
      start();
    }
  });
  const onStep = () => {
    const k = Number(model.get("step"));
    if (k !== step) {
      step = k;
      render();
    }
  };
  model.on("change:step", onStep);
  render();

  return () => {
    pause();
    model.off("change:step", onStep);
    closeBoard();
    root.remove();
  };
}

export default {
  initialize() {
    return () => {};
  },
  render({ model, el }: { model: Model; el: HTMLElement }) {
    return createTraceView(model, el);
  },
};
