/**
 * The pseudo-code shown beside a trace, after the functions of wispwidget/search/algorithms.py (themselves
 * after AIMA 4th ed., chapter 3), and which line each kind of event executes.
 */

export interface Listing {
  title: string;
  lines: string[];
  line: Record<string, number>; // event kind (or "root", "fail") -> line index
}

const BFS: Listing = {
  title: "Breadth-first search (AIMA Figure 3.9)",
  lines: [
    "function BREADTH-FIRST-SEARCH(problem)",
    "  node \u2190 NODE(problem.INITIAL); frontier \u2190 FIFO queue with node",
    "  if IS-GOAL(node.STATE) then return node",
    "  reached \u2190 {node.STATE}",
    "  while frontier is not empty do",
    "    node \u2190 POP(frontier)            (the oldest node)",
    "    for each child in EXPAND(problem, node) do",
    "      if a pruning rule removes the move then skip it",
    "      if child.STATE is in reached then skip it (duplicate)",
    "      add child.STATE to reached; add child to the back of frontier",
    "      if IS-GOAL(child.STATE) then return child",
    "  return failure",
  ],
  line: { root: 1, expand: 5, prune: 7, duplicate: 8, generate: 9, goal: 10, fail: 11 },
};

/** Depth-first search, depth-limited when `limit` is a number (AIMA Figure 3.12). A depth-first search always
 * skips a state on its own path; with duplicate detection, a state reached anywhere before as well. */
function depthFirst(limit: number | null, dedupe: boolean): Listing {
  const limited = limit !== null;
  return {
    title: limited ? `Depth-limited search, limit ${limit} (AIMA Figure 3.12)` : "Depth-first search (AIMA section 3.4.3)",
    lines: [
      limited ? `function DEPTH-LIMITED-SEARCH(problem, limit = ${limit})` : "function DEPTH-FIRST-SEARCH(problem)",
      "  node \u2190 NODE(problem.INITIAL); stack \u2190 [node]",
      "  while stack is not empty do",
      limited ? `    node \u2190 TOP(stack); EXPAND it (no children if node.DEPTH = ${limit})`
        : "    node \u2190 TOP(stack); EXPAND it",
      "    for each child in EXPAND(problem, node), one at a time, do",
      "      if a pruning rule removes the move then skip it",
      dedupe ? "      if child.STATE is on the path or in reached then skip it"
        : "      if child.STATE is on the path then skip it",
      "      push child on the stack and go down to it",
      "      if IS-GOAL(child.STATE) then return child",
      "    every child tried: pop node and back up to its parent",
      limited ? "  return cutoff if the limit cut anything off, else failure" : "  return failure",
    ],
    line: { root: 1, expand: 3, prune: 5, duplicate: 6, generate: 7, goal: 8, backtrack: 9, fail: 10 },
  };
}

function iterativeDeepening(dedupe: boolean): Listing {
  return {
    title: "Iterative deepening search (AIMA Figure 3.12)",
    lines: [
      "function ITERATIVE-DEEPENING-SEARCH(problem)",
      "  for limit = 0, 1, 2, ... do",
      "    result \u2190 DEPTH-LIMITED-SEARCH(problem, limit):",
      "      node \u2190 NODE(problem.INITIAL); stack \u2190 [node]",
      "      node \u2190 TOP(stack); EXPAND it unless node.DEPTH = limit",
      "      skip a child a pruning rule removes",
      dedupe ? "      skip a child whose state is on the path or reached in this pass"
        : "      skip a child whose state is on the path",
      "      push child on the stack and go down to it",
      "      if IS-GOAL(child.STATE) then return child",
      "      every child tried: pop node and back up",
      "    if result \u2260 cutoff then return result",
    ],
    line: { iteration: 1, root: 3, expand: 4, prune: 5, duplicate: 6, generate: 7, goal: 8, backtrack: 9, fail: 10 },
  };
}

/** The depth limit a trace's options give (depth-limited search), or null. */
export function depthLimitOf(options: Record<string, unknown>): number | null {
  const limit = options.depth_limit;
  return typeof limit === "number" && Number.isFinite(limit) ? limit : null;
}

function bestFirst(title: string, f: string): Listing {
  return {
    title,
    lines: [
      `function BEST-FIRST-SEARCH(problem, f)      f(n) = ${f}`,
      "  node \u2190 NODE(problem.INITIAL); frontier \u2190 priority queue by f, with node",
      "  reached \u2190 {node.STATE: node}",
      "  while frontier is not empty do",
      "    node \u2190 POP(frontier)            (the lowest f)",
      "    if reached[node.STATE].g < node.g then skip it  (out of date)",
      "    if IS-GOAL(node.STATE) then return node",
      "    for each child in EXPAND(problem, node) do",
      "      if a pruning rule removes the move then skip it",
      "      if child.STATE is in reached with g \u2264 child.g then skip it",
      "      reached[child.STATE] \u2190 child; add child to frontier",
      "  return failure",
    ],
    line: { root: 1, expand: 4, discard: 5, goal: 6, prune: 8, duplicate: 9, generate: 10, fail: 11 },
  };
}

/** The listing for a trace's algorithm, with its options (the depth limit, duplicate detection, the weight). */
export function listingFor(algorithm: string, options: Record<string, unknown>): Listing {
  const weight = Number(options.weight ?? 1);
  const dedupe = options.dedupe !== false;
  switch (algorithm) {
    case "bfs":
      return BFS;
    case "dfs":
      return depthFirst(depthLimitOf(options), dedupe);
    case "depth-limited":
      return depthFirst(depthLimitOf(options) ?? 50, dedupe);
    case "iddfs":
      return iterativeDeepening(dedupe);
    case "ucs":
      return bestFirst("Uniform-cost search (AIMA Figure 3.9)", "g(n)");
    case "greedy":
      return bestFirst("Greedy best-first search (AIMA section 3.5.1)", "h(n)");
    case "weighted-astar":
      return bestFirst("Weighted A* (AIMA section 3.5.5)", `g(n) + ${weight} \u00d7 h(n)`);
    default:
      return bestFirst("A* search (AIMA section 3.5.2)", "g(n) + h(n)");
  }
}

/** f for a node of a trace's algorithm (null for the uninformed searches). */
export function fValue(algorithm: string, options: Record<string, unknown>, g: number, h: number): number | null {
  const weight = Number(options.weight ?? 1);
  switch (algorithm) {
    case "ucs":
      return g;
    case "greedy":
      return h;
    case "astar":
      return g + h;
    case "weighted-astar":
      return g + weight * h;
    default:
      return null;
  }
}

/** How the algorithm holds its frontier. */
export function frontierKind(algorithm: string): "queue" | "stack" | "priority" {
  if (algorithm === "bfs") return "queue";
  if (algorithm === "dfs" || algorithm === "depth-limited" || algorithm === "iddfs") return "stack";
  return "priority";
}
