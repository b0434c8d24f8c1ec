/** The search tree as SVG (leaves left to right, each parent over its children), or a summary when too big. */
import { fValue } from "./pseudocode";
import { isRoot, moveText, rootOf, type Replay, type TracePayload } from "./replay";

export const TREE_LIMIT = 1500;
const SVG = "http://www.w3.org/2000/svg";

export interface Drawn {
  svg: SVGSVGElement;
  width: number;
  height: number;
  at: Map<number, [number, number]>; // node -> centre, in the SVG's own units
  levels: number; // the tree's depth, in rows below the root
  row: number; // a row's height before any stretch (fitTree)
  columns: number; // the tree's leaves, a column each
  gap: number; // a column's width before any stretch (fitTree)
  padX: number; // the width beside the columns: the margins and the goal's label
  dots: Dot[]; // each node's circle, sized for the zoom by sizeDots
  radius: number; // a node's radius as drawn
  margin: number; // the room added around the drawing for dots grown by sizeDots (the SVG's units)
}

/** A node's circle: its radius as drawn and the room it has (the SVG's units: half the distance to its nearest
 * neighbour in its row, or to the next row); a duplicate or pruned move drawn in a cluster beside its parent is
 * placed from the parent's circle, `across` and `down` places from it. */
export interface Dot {
  el: SVGCircleElement;
  node: number;
  radius: number;
  room: number;
  parent?: Dot;
  across?: number;
  down?: number;
  label?: SVGTextElement; // the goal's label, beside its circle
}

const MAX_STRETCH = 12; // rows spaced out at most so far
const MAX_SPREAD = 64; // columns: a deep tree a few leaves wide spread across a wide panel
/** The smallest radius (px on screen) a node is drawn at when zoomed out, room allowing: a dot that shows. */
export const MIN_DOT = 3;

/** Fit a drawn tree to a box `width` x `height` (px): the zoom, and how far its rows and its columns are spaced
 * out. The tree is fitted whole as drawn; then the way it leaves room is spaced out (rows at most MAX_STRETCH
 * times, columns MAX_SPREAD times) to fill the box that way too, so its shape can be read. A wide, shallow tree
 * (iterative deepening's last pass: hundreds of leaves, seven rows) fitted by its width alone was a strip a few
 * pixels tall at the top of its panel: its rows are spaced out. A deep, narrow one (a depth-first search 25 moves
 * deep) fitted by its height was a thin vertical streak: its columns are spaced out. Never above zoom 2. */
export function fitTree(drawn: Drawn, width: number, height: number):
    { zoom: number; rowScale: number; colScale: number } {
  // what spacing out stretches: the distances between the first and last columns, and the first and last rows
  const across = Math.max(0, drawn.columns - 1) * drawn.gap;
  const down = drawn.levels * drawn.row;
  const padX = drawn.gap + drawn.padX;
  const padY = drawn.row + 24;
  const whole = Math.min(width / (across + padX), height / (down + padY), 2);
  const stretch = (room: number, content: number, pad: number, most: number) =>
    content > 0 ? Math.max(1, Math.min(most, (room / whole - pad) / content)) : 1;
  const colScale = stretch(width, across, padX, MAX_SPREAD);
  const rowScale = stretch(height, down, padY, MAX_STRETCH);
  const zoom = Math.min(width / (across * colScale + padX), height / (down * rowScale + padY), 2);
  return { zoom, rowScale, colScale };
}

/** The radius (the SVG's units) to draw a dot at `zoom`: as drawn, or larger when zoomed out so that it is at
 * least `least` px on screen, as far as its room allows (its neighbours' dots and the edges between them show). */
export function dotRadius(dot: Pick<Dot, "radius" | "room">, zoom: number, least = MIN_DOT): number {
  return Math.max(dot.radius, Math.min(least / Math.max(zoom, 1e-6), 0.8 * dot.room));
}

/** The room (px on screen) a fitted tree leaves at each edge of its box for the dots sizeDots grows. */
export const DOT_MARGIN = MIN_DOT + 1;

/** Size the tree's dots for `zoom` (dotRadius), each cluster and the goal's label following its circle, with a
 * margin around the drawing for dots grown past its edge (at most DOT_MARGIN px on screen); the edges keep a width
 * on screen from the zoom set here (--ww-zoom, style.ts). */
export function sizeDots(drawn: Drawn, zoom: number, least = MIN_DOT): void {
  drawn.svg.style.setProperty("--ww-zoom", String(+zoom.toFixed(4)));
  const num = (v: number) => String(+v.toFixed(2));
  drawn.margin = Math.max(0, (least + 1) / Math.max(zoom, 1e-6) - drawn.radius);
  const m = drawn.margin;
  drawn.svg.setAttribute("viewBox", `${num(-m)} ${num(-m)} ${num(drawn.width + 2 * m)} ${num(drawn.height + 2 * m)}`);
  const size = new Map<Dot, number>();
  for (const dot of drawn.dots) {
    if (dot.parent) continue;
    const r = dotRadius(dot, zoom, least);
    size.set(dot, r);
    dot.el.setAttribute("r", num(r));
    if (dot.label) {
      const [cx, cy] = drawn.at.get(dot.node)!;
      dot.label.setAttribute("x", num(cx + r + 3));
      dot.label.setAttribute("y", num(cy + 4));
    }
  }
  for (const dot of drawn.dots) {
    if (!dot.parent) continue;
    const [px, py] = drawn.at.get(dot.parent.node)!;
    const r = size.get(dot.parent) ?? dot.parent.radius;
    const at: [number, number] = [px + r + 4 + (dot.across ?? 0) * 5, py + r + 2 + (dot.down ?? 0) * 5];
    dot.el.setAttribute("cx", num(at[0]));
    dot.el.setAttribute("cy", num(at[1]));
    drawn.at.set(dot.node, at);
  }
}

/** The state a node is drawn in (its data-state). */
export function nodeState(r: Replay, node: number, solution: Set<number>): string {
  if (solution.has(node)) return "solution";
  if (node === r.current) return "current";
  if (r.pruned.has(node)) return "pruned";
  if (r.duplicates.has(node)) return "duplicate";
  if (r.explored.has(node)) return "explored";
  return "frontier";
}

export function nodeInfo(trace: TracePayload, r: Replay, node: number): string {
  const g = r.g.get(node) ?? 0;
  const hv = r.h.get(node) ?? 0;
  const f = fValue(trace.algorithm, trace.options, g, hv);
  const move = isRoot(r, node) ? "the start" : moveText(trace.moves[r.via.get(node) ?? -1]);
  const rule = r.rule.has(node) ? ` · pruned by ${trace.rules[r.rule.get(node)!]}` : "";
  return `node ${node} · ${move} · depth ${r.depth.get(node) ?? 0} · g ${g} · h ${hv}` +
    (f === null ? "" : ` · f ${f}`) + rule;
}

function el<K extends keyof SVGElementTagNameMap>(doc: Document, tag: K, attrs: Record<string, string | number>) {
  const e = doc.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/** Draw the tree at replay `r` (iterative deepening: its current pass's tree, from that pass's root), its rows
 * `rowScale` times their usual height and its columns `colScale` times their usual width (fitTree); null when it
 * has more than TREE_LIMIT nodes. The dots are drawn as at zoom 1 (sizeDots sizes them for another). */
export function drawTree(doc: Document, trace: TracePayload, r: Replay, rowScale = 1, colScale = 1): Drawn | null {
  const root = Math.max(0, rootOf(trace, r));
  const nodes = [root, ...[...r.parents.keys()].filter((n) => n !== root)];
  if (nodes.length > TREE_LIMIT) return null;
  // A wide tree is drawn compact: smaller nodes, and the duplicates and pruned moves (always leaves) as a small
  // cluster under their parent instead of a column each.
  const compact = nodes.length > 80;
  const attached = (n: number) => compact && (r.duplicates.has(n) || r.pruned.has(n));
  const children = new Map<number, number[]>();
  const cluster = new Map<number, number[]>();
  for (const node of nodes) {
    const parent = r.parents.get(node);
    if (parent === undefined || parent < 0) continue;
    const into = attached(node) ? cluster : children;
    if (!into.has(parent)) into.set(parent, []);
    into.get(parent)!.push(node);
  }
  const x = new Map<number, number>();
  const y = new Map<number, number>();
  let leaves = 0;
  const stack: [number, number, boolean][] = [[root, 0, false]];
  while (stack.length) {
    const [node, depth, done] = stack.pop()!;
    const kids = children.get(node) ?? [];
    if (done) {
      x.set(node, (x.get(kids[0])! + x.get(kids[kids.length - 1])!) / 2);
      continue;
    }
    y.set(node, depth);
    if (!kids.length) {
      x.set(node, leaves++);
      continue;
    }
    stack.push([node, depth, true]);
    for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], depth + 1, false]);
  }
  const gap = compact ? 14 : 24;
  const row = compact ? 34 : 44;
  const radius = compact ? 5 : 8;
  const column = gap * colScale;
  const rowHeight = row * rowScale;
  const depthMax = Math.max(0, ...y.values());
  const columns = Math.max(1, leaves);
  const padX = 24 + (r.goal >= 0 ? 34 : 0); // the margins, and room for the goal's label at the right
  const width = (columns - 1) * column + gap + padX; // spaced out between the columns, not at the sides
  const height = depthMax * rowHeight + row + 24;
  const at = new Map<number, [number, number]>();
  for (const node of x.keys()) at.set(node, [12 + gap / 2 + x.get(node)! * column, 14 + y.get(node)! * rowHeight]);
  // each node's room: half the way to its nearest neighbour in its row, or to the next row
  const room = new Map<number, number>();
  const rows = new Map<number, number[]>();
  for (const node of x.keys()) {
    const d = y.get(node)!;
    if (!rows.has(d)) rows.set(d, []);
    rows.get(d)!.push(node);
  }
  for (const list of rows.values()) {
    list.sort((a, b) => at.get(a)![0] - at.get(b)![0]);
    list.forEach((node, i) => {
      const mid = at.get(node)![0];
      const left = i > 0 ? mid - at.get(list[i - 1])![0] : Infinity;
      const right = i < list.length - 1 ? at.get(list[i + 1])![0] - mid : Infinity;
      room.set(node, Math.min(left, right, rowHeight) / 2);
    });
  }
  const small = new Map<number, [number, number, number]>(); // a node in a cluster: its parent, across, down
  for (const [parent, list] of cluster) {
    const p = at.get(parent);
    if (!p) continue;
    list.forEach((node, i) => {
      const across = i % 4;
      const down = Math.floor(i / 4);
      at.set(node, [p[0] + radius + 4 + across * 5, p[1] + radius + 2 + down * 5]);
      small.set(node, [parent, across, down]);
    });
  }
  const solution = new Set(r.goal >= 0 ? r.path : []);
  const svg = el(doc, "svg", { class: compact ? "ww-tree ww-compact" : "ww-tree", viewBox: `0 0 ${width} ${height}`,
    role: "img", "aria-label": `Search tree, ${at.size} nodes` });
  const onPath: SVGLineElement[] = []; // drawn over the others: no edge crosses the solution path
  for (const node of nodes) {
    const parent = r.parents.get(node);
    if (parent === undefined || parent < 0 || !at.has(node) || !at.has(parent)) continue;
    const [x1, y1] = at.get(parent)!;
    const [x2, y2] = at.get(node)!;
    if (small.has(node)) continue;
    const line = el(doc, "line", { x1, y1, x2, y2, class: solution.has(node) ? "ww-edge ww-solution" : "ww-edge" });
    if (solution.has(node)) onPath.push(line);
    else svg.append(line);
  }
  svg.append(...onPath);
  const dots = new Map<number, Dot>();
  for (const node of nodes) {
    if (!at.has(node)) continue;
    const [cx, cy] = at.get(node)!;
    // step 0 (or a pass of iterative deepening just begun): the start node is on no list yet (the next step puts
    // it on the frontier): drawn unfilled, as the counters' "frontier 0" says
    const state = node === root && !r.parents.has(root) ? "unreached" : nodeState(r, node, solution);
    const size = small.has(node) ? 2.2 : radius;
    const circle = el(doc, "circle", { cx, cy, r: size, class: `ww-node ww-${state}` });
    circle.dataset.node = String(node);
    circle.dataset.state = state;
    if (node === r.current) {
      circle.dataset.current = "true";
      circle.classList.add("ww-is-current");
    }
    if (node === r.goal) circle.dataset.goal = "true";
    const title = el(doc, "title", {});
    title.textContent = nodeInfo(trace, r, node);
    circle.append(title);
    svg.append(circle);
    // the current node and the goal, which the class follows, are dots whatever their room, drawn over the others
    const marked = !small.has(node) && (node === r.current || node === r.goal);
    const dot: Dot = { el: circle, node, radius: size,
      room: marked ? Infinity : small.has(node) ? 2.5 : room.get(node) ?? radius };
    dots.set(node, dot);
    if (node === r.goal) {
      const label = el(doc, "text", { x: cx + size + 3, y: cy + 4, class: "ww-goal-label" });
      label.textContent = "goal";
      svg.append(label);
      dot.label = label;
    }
  }
  for (const node of new Set([r.goal, r.current])) {
    const dot = dots.get(node);
    if (dot && dot.room === Infinity) svg.append(dot.el, ...(dot.label ? [dot.label] : []));
  }
  for (const [node, [parent, across, down]] of small) {
    const dot = dots.get(node);
    if (dot) Object.assign(dot, { parent: dots.get(parent), across, down });
  }
  return { svg, width, height, at, levels: depthMax, row, columns, gap, padX, dots: [...dots.values()], radius,
    margin: 0 };
}

const SIZES = new WeakMap<TracePayload, number[]>();

/** The frontier's size after each number of events (the same count as the replay's frontier set). */
function frontierSizes(trace: TracePayload): number[] {
  let sizes = SIZES.get(trace);
  if (sizes) return sizes;
  const [generate, expand, iteration] = ["generate", "expand", "iteration"].map((k) => trace.kinds.indexOf(k));
  sizes = [0];
  let n = 0;
  for (const e of trace.events) {
    if (e[0] === generate) n++;
    else if (e[0] === expand) n--;
    else if (e[0] === iteration) n = 0;
    sizes.push(n);
  }
  SIZES.set(trace, sizes);
  return sizes;
}

/** Past TREE_LIMIT: the frontier size over time and the depth profile, which work at any size. */
export function drawSummary(doc: Document, trace: TracePayload, r: Replay): SVGSVGElement {
  const width = 520;
  const height = 252;
  const svg = el(doc, "svg", { class: "ww-summary", viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-label": "Frontier size over time and depth profile" });
  svg.dataset.summary = "true";
  const k = r.step;
  const sizes = frontierSizes(trace);
  const samples = Math.min(k, 400);
  let peak = 1;
  const points: [number, number][] = [];
  for (let s = 1; s <= samples; s++) {
    const v = sizes[Math.floor((s * k) / samples)];
    points.push([s, v]);
    peak = Math.max(peak, v);
  }
  const title = (text: string, x: number, y: number) => {
    const t = el(doc, "text", { x, y, class: "ww-chart-title" });
    t.textContent = text;
    svg.append(t);
  };
  title(`frontier size over the first ${k} events (peak ${peak}, now ${sizes[k]})`, 10, 16);
  const plotW = width - 20;
  const poly = points.map(([s, v]) => `${10 + (s / Math.max(1, samples)) * plotW},${120 - (v / peak) * 95}`).join(" ");
  svg.append(el(doc, "polyline", { points: poly, class: "ww-chart-line" }));
  svg.append(el(doc, "line", { x1: 10, y1: 120, x2: width - 10, y2: 120, class: "ww-axis" }));
  const byDepth: number[] = []; // the nodes generated (the counters' "generated"), not the duplicates and pruned
  for (const [node, d] of r.depth)
    if (r.parents.has(node) && !r.duplicates.has(node) && !r.pruned.has(node)) byDepth[d] = (byDepth[d] ?? 0) + 1;
  const most = Math.max(1, ...byDepth.map((v) => v ?? 0));
  title(`nodes generated by depth (0 to ${Math.max(0, byDepth.length - 1)}; the count over each bar)`, 10, 146);
  const barW = Math.max(1, Math.min(48, plotW / Math.max(1, byDepth.length)));
  byDepth.forEach((v, d) => {
    const hgt = ((v ?? 0) / most) * 70;
    const bar = el(doc, "rect", { x: 10 + d * barW, y: 232 - hgt, width: Math.max(1, barW - 1), height: hgt,
      class: "ww-chart-bar" });
    if (byDepth.length <= 30) {
      const mid = 10 + d * barW + barW / 2;
      const depth = el(doc, "text", { x: mid, y: 246, class: "ww-chart-label", "text-anchor": "middle" });
      depth.textContent = String(d);
      const count = el(doc, "text", { x: mid, y: 229 - hgt, class: "ww-chart-label", "text-anchor": "middle" });
      count.textContent = String(v ?? 0);
      svg.append(depth, count);
    }
    const t = el(doc, "title", {});
    t.textContent = `depth ${d}: ${v ?? 0} nodes`;
    bar.append(t);
    svg.append(bar);
  });
  return svg;
}
