/**
 * The search as it stood after the first k events: the same replay as Trace.state_at in Python.
 * A Replayer moves forward one event at a time, so stepping or playing through a trace costs time
 * linear in its length overall; stepping back starts again from the root.
 */

export type MoveTriple = [string, string, number];

export interface TracePayload {
  algorithm: string;
  options: Record<string, unknown>;
  kinds: string[];
  moves: MoveTriple[];
  rules: string[];
  events: number[][];
  positions: Record<string, unknown>;
  reveal?: boolean;
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
  g: Map<number, number>;
  h: Map<number, number>; // the heuristic value (events carry ten times it)
  order: Map<number, number>; // the event index at which each node was reached
  rule: Map<number, number>;
  counts: Record<string, number>;
  last: number; // the kind code of the event just replayed (-1 at step 0)
  limit: number; // iterative deepening: the depth limit of the current pass (-1 before the first)
  pass: number; // iterative deepening: the passes begun (1 in the first)
}

function empty(trace: TracePayload): Replay {
  const r: Replay = {
    step: 0, current: -1, goal: -1, path: [], frontier: new Set(), explored: new Set(), pruned: new Set(),
    duplicates: new Set(), parents: new Map(), via: new Map(), depth: new Map(), g: new Map(), h: new Map(),
    order: new Map(), rule: new Map(), counts: {}, last: -1, limit: -1, pass: 0,
  };
  for (const kind of trace.kinds) r.counts[kind] = 0;
  return r;
}

function apply(trace: TracePayload, r: Replay, index: number): void {
  const [code, node, parent, move, depth, g, h10, , , rule] = trace.events[index];
  const kind = trace.kinds[code];
  r.counts[kind] += 1;
  r.last = code;
  switch (kind) {
    case "iteration":
      for (const s of [r.frontier, r.explored, r.pruned, r.duplicates]) s.clear();
      r.parents.clear();
      r.via.clear();
      r.current = -1;
      r.limit = depth;
      r.pass += 1;
      break;
    case "generate":
    case "duplicate":
    case "prune":
      r.parents.set(node, parent);
      r.via.set(node, move);
      r.depth.set(node, depth);
      r.g.set(node, g);
      r.h.set(node, h10 / 10);
      r.order.set(node, index);
      if (rule >= 0) r.rule.set(node, rule);
      (kind === "generate" ? r.frontier : kind === "prune" ? r.pruned : r.duplicates).add(node);
      break;
    case "expand":
      r.frontier.delete(node);
      r.explored.add(node);
      r.current = node;
      break;
    case "discard": // taken from the frontier out of date (a cheaper path to its state came since): skipped
      r.frontier.delete(node);
      r.duplicates.add(node);
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

function finish(r: Replay): Replay {
  r.path = [];
  for (let node = r.current; node >= 0; node = r.parents.get(node) ?? -1) {
    r.path.unshift(node);
    if (!r.parents.has(node) || r.parents.get(node)! < 0) break;
  }
  return r;
}

/** The root of the tree at replay `r` (TraceState.root in Python): node 0, or for iterative deepening the root of
 * the current pass (each pass generates its own, with an id of its own); before that root is generated (step 0,
 * or just after a pass begins), the id the next root event gives it, drawn unfilled. */
export function rootOf(trace: TracePayload, r: Replay): number {
  for (const [node, parent] of r.parents) if (parent < 0) return node;
  const generate = trace.kinds.indexOf("generate");
  for (let i = r.step; i < trace.events.length; i++) {
    const e = trace.events[i];
    if (e[0] === generate && e[2] < 0) return e[1];
    if (trace.kinds[e[0]] !== "iteration") break;
  }
  return r.step === 0 ? 0 : -1;
}

/** Whether `node` is a root of the trace (the start; iterative deepening has one per pass). */
export function isRoot(r: Replay, node: number): boolean {
  return node === 0 || r.parents.get(node) === -1;
}

/** A fresh replay of events[:k]. */
export function replay(trace: TracePayload, k: number): Replay {
  return new Replayer(trace).at(k);
}

/** An incremental replay: `at(k)` for increasing k costs only the events in between. */
export class Replayer {
  private r: Replay;
  constructor(readonly trace: TracePayload) {
    this.r = empty(trace);
  }
  at(k: number): Replay {
    k = Math.max(0, Math.min(k, this.trace.events.length));
    if (k < this.r.step) this.r = empty(this.trace);
    for (let i = this.r.step; i < k; i++) apply(this.trace, this.r, i);
    this.r.step = k;
    if (k === 0) this.r.last = -1;
    return finish(this.r);
  }
}

/** The number of the trace's steps, per lockstep mode. */
export function expansions(trace: TracePayload): number[] {
  const code = trace.kinds.indexOf("expand");
  const out: number[] = [];
  trace.events.forEach((e, i) => { if (e[0] === code) out.push(i); });
  return out;
}

/** The shared steps of several traces: the longest one's events, or expansions. */
export function sharedTotal(traces: TracePayload[], lockstep: string): number {
  return Math.max(0, ...traces.map((t) => (lockstep === "expansions" ? expansions(t).length : t.events.length)));
}

/** A trace's own step at a shared step (in expansions lockstep: just before its next expansion). */
export function stepOf(trace: TracePayload, expandAt: number[], shared: number, lockstep: string): number {
  if (lockstep !== "expansions") return Math.min(shared, trace.events.length);
  return shared < expandAt.length ? expandAt[shared] : trace.events.length;
}

/** The shared step at which the event `index` of a trace has just been replayed. */
export function sharedOf(expandAt: number[], index: number, lockstep: string): number {
  if (lockstep !== "expansions") return index + 1;
  let n = 0;
  while (n < expandAt.length && expandAt[n] <= index) n++;
  return n;
}

/** A place as the table names it, counting from 1: "pile 3", "foundation 1", "the waste". */
function placeText(id: string): string {
  if (/^t\d+$/.test(id)) return `pile ${Number(id.slice(1)) + 1}`;
  if (/^f\d+$/.test(id)) return `foundation ${Number(id.slice(1)) + 1}`;
  return id === "waste" ? "the waste" : id;
}

/** A move in the table's words, short: "pile 3\u21922", "pile 1\u2192foundation 2", "deal"; "pile 2\u21923 (3 cards)"
 * when several cards move together (a "\u00d73" read as "three times"). */
export function moveText(move: MoveTriple | undefined): string {
  if (!move) return "";
  const [from, to, count] = move;
  if (from === "stock") return to === "tableau" ? "deal" : "draw";
  const target = from.startsWith("t") && to.startsWith("t") ? placeText(to).slice("pile ".length) : placeText(to);
  return `${placeText(from)}\u2192${target}${count > 1 ? ` (${count} cards)` : ""}`;
}
