/**
 * The trace view's words for the engine's ids: each search's name (ALGORITHM_NAMES in
 * wispwidget/search/algorithms.py says the same, for the slides' captions; a test keeps the two alike), each
 * heuristic in words, what each pruning rule removes, and what each counter counts.
 */

export const ALGORITHM_NAMES: Record<string, string> = {
  bfs: "Breadth-first search",
  dfs: "Depth-first search",
  "depth-limited": "Depth-limited search",
  iddfs: "Iterative deepening search",
  ucs: "Uniform-cost search",
  greedy: "Greedy best-first search",
  astar: "A* search",
  "weighted-astar": "Weighted A*",
};

/** The heuristics in words, short enough for a menu (the engine's ids are the options' values). */
export const HEURISTIC_NAMES: Record<string, string> = {
  zero: "zero (h = 0)",
  "deals-left": "deals left",
  "cards-left": "cards left",
  disorder: "disorder (not admissible)",
};

/** What each heuristic estimates, and whether it is admissible (problem.py's ADMISSIBLE), for tooltips. */
export const HEURISTIC_HELP: Record<string, string> = {
  zero: "h = 0 everywhere: A* becomes uniform-cost search. Admissible.",
  "deals-left": "The deals still needed to empty the stock. Admissible: it never overestimates.",
  "cards-left": "The cards still to move off the table (Spider family: the deals left plus the face-down cards " +
    "over twice the piles). Admissible: it never overestimates.",
  disorder: "Face-down cards, breaks in runs and cards left: informative, but not admissible (it can " +
    "overestimate, so A* with it may miss the shortest solution).",
};

/** A heuristic's name for a heading: "cards left", "zero", "disorder". */
export function heuristicWords(id: string): string {
  const words = HEURISTIC_NAMES[id];
  return words ? words.replace(/ \(.*\)$/, "") : id;
}

/** What each pruning rule removes (docs/solver.md), for the Search again bar's tooltips. */
export const RULE_HELP: Record<string, string> = {
  relabel: "Relabel: skip a move that only swaps which pile (or foundation) is which, such as a whole pile " +
    "moved into an empty pile while piles are interchangeable: it gives the same position again.",
  "first-empty": "First empty: of several empty piles, try only the first; moving the same cards into another " +
    "empty pile gives a position that differs only by which pile is which.",
  "ace-to-foundation": "Ace to foundation: when an Ace can go to a foundation, make that move and no other; " +
    "it never loses a win (used only where the rules make that sound).",
};

export function algorithmName(id: string): string {
  return ALGORITHM_NAMES[id] ?? id;
}

export type CounterName = "step" | "limit" | "expanded" | "generated" | "duplicates" | "pruned" | "held" |
  "explored";

/** What each counter counts (its tooltip). `stack`: the search holds a stack; `iddfs`: iterative deepening;
 * `pathOnly`: depth-first without duplicate detection (it skips only a state already on its path). */
export function counterHelp(name: CounterName, o: { stack: boolean; iddfs: boolean; pathOnly: boolean }): string {
  switch (name) {
    case "step":
      return "Events replayed so far, out of all the events the search recorded.";
    case "limit":
      return "Iterative deepening searches again from the start with depth limits 0, 1, 2, ...: this pass's " +
        "limit. The tree shows this pass only; each pass starts a new tree.";
    case "expanded":
      return "Nodes expanded so far (taken off the " + (o.stack ? "stack" : "frontier") + " and their moves tried)" +
        (o.iddfs ? ", added up over all the passes: each pass expands the shallow nodes again. This is what " +
          "compare() counts; \u201cexplored\u201d counts this pass only." : ".");
    case "generated":
      return "Nodes made and put on the " + (o.stack ? "stack" : "frontier") + " so far, the start included" +
        (o.iddfs ? ", added up over all the passes (each pass generates its own root)." : ".");
    case "duplicates":
      return o.pathOnly
        ? "Children skipped because their state is already on the path from the start to this node: the loop " +
          "check every depth-first search makes. With no duplicate detection, a state reached by another path " +
          "is searched again." + (o.iddfs ? " Added up over all the passes." : "")
        : "Children skipped because their state had been reached already (duplicate detection)" +
          (o.stack ? ", or is on the path from the start" : "") + (o.iddfs ? "; added up over all the passes." :
            o.stack ? "." : "; in a best-first search, also nodes taken from the frontier out of date (a cheaper " +
            "path to their state was found after they were added).");
    case "pruned":
      return "Moves a pruning rule removed before a child was made" + (o.iddfs ? ", over all the passes." : ".");
    case "held":
      return o.stack
        ? "Nodes on the stack now: the child the search goes down to next, then the path's nodes back to the " +
          "start, each with moves still to try (the list under the tree)."
        : "Nodes on the frontier now, waiting to be expanded (the list under the tree).";
    case "explored":
      return "Distinct nodes expanded so far" + (o.iddfs ? " in this pass (the grey nodes of the tree)." :
        " (the grey nodes of the tree).");
  }
}
