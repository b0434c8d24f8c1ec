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
}

const MAX_STRETCH = 12;

/** Fit a drawn tree to a box `width` x `height` (px): the zoom, and how far its rows are spaced out. A wide,
 * shallow tree (iterative deepening's last pass: hundreds of leaves, seven rows) fitted by its width alone was a
 * strip a few pixels tall at the top of its panel; its rows are spaced out (at most MAX_STRETCH times) until it
 * fills the height as well, so its shape can be read. Never above zoom 2. */
export function fitTree(drawn: Drawn, width: number, height: number): { zoom: number; rowScale: number } {
  const byWidth = Math.min(width / drawn.width, 2);
  const rows = drawn.levels * drawn.row;
  const rowScale = rows > 0 ? Math.max(1, Math.min(MAX_STRETCH, (height / byWidth - drawn.row - 24) / rows)) : 1;
  const tall = rows * rowScale + drawn.row + 24;
  return { zoom: Math.min(byWidth, height / tall, 2), rowScale };
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
 * `rowScale` times their usual height (fitTree); null when it has more than TREE_LIMIT nodes. */
export function drawTree(doc: Document, trace: TracePayload, r: Replay, rowScale = 1): Drawn | null {
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
  const depthMax = Math.max(0, ...y.values());
  const width = Math.max(1, leaves) * gap + 24 + (r.goal >= 0 ? 34 : 0); // room for the goal's label at the right
  const height = depthMax * row * rowScale + row + 24;
  const at = new Map<number, [number, number]>();
  for (const node of x.keys()) {
    at.set(node, [12 + x.get(node)! * gap + gap / 2, 14 + y.get(node)! * row * rowScale]);
  }
  const small = new Set<number>();
  for (const [parent, list] of cluster) {
    const p = at.get(parent);
    if (!p) continue;
    list.forEach((node, i) => {
      const across = i % 4;
      const down = Math.floor(i / 4);
      at.set(node, [p[0] + radius + 4 + across * 5, p[1] + radius + 2 + down * 5]);
      small.add(node);
    });
  }
  const solution = new Set(r.goal >= 0 ? r.path : []);
  const svg = el(doc, "svg", { class: compact ? "ww-tree ww-compact" : "ww-tree", viewBox: `0 0 ${width} ${height}`,
    role: "img", "aria-label": `Search tree, ${at.size} nodes` });
  for (const node of nodes) {
    const parent = r.parents.get(node);
    if (parent === undefined || parent < 0 || !at.has(node) || !at.has(parent)) continue;
    const [x1, y1] = at.get(parent)!;
    const [x2, y2] = at.get(node)!;
    if (small.has(node)) continue;
    svg.append(el(doc, "line", { x1, y1, x2, y2, class: solution.has(node) ? "ww-edge ww-solution" : "ww-edge" }));
  }
  for (const node of nodes) {
    if (!at.has(node)) continue;
    const [cx, cy] = at.get(node)!;
    // step 0 (or a pass of iterative deepening just begun): the start node is on no list yet (the next step puts
    // it on the frontier): drawn unfilled, as the counters' "frontier 0" says
    const state = node === root && !r.parents.has(root) ? "unreached" : nodeState(r, node, solution);
    const circle = el(doc, "circle", { cx, cy, r: small.has(node) ? 2.2 : radius, class: `ww-node ww-${state}` });
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
    if (node === r.goal) {
      const label = el(doc, "text", { x: cx + radius + 3, y: cy + 4, class: "ww-goal-label" });
      label.textContent = "goal";
      svg.append(label);
    }
  }
  return { svg, width, height, at, levels: depthMax, row };
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
