// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { FakeModel } from "./testing";
import { createTraceView, listingFor, replay, Replayer, stackOf, type TracePayload } from "./trace";
import { numberProblem } from "./trace/view";
import { dotRadius, drawTree, fitTree, MIN_DOT, sizeDots } from "./trace/tree";
import { moveText, type MoveTriple } from "./trace/replay";

import data from "./fixtures/trace.json";

interface Recorded {
  trace: TracePayload;
  expected: {
    step: number; current: number; goal: number; frontier: number[]; explored: number[]; pruned: number[];
    duplicates: number[]; path_moves: [string, string, number][]; counts: Record<string, number>; stack: number[];
  }[];
}
// a depth-first trace, and (outdated) a weighted A* trace that takes entries from its frontier out of date
const fixture = data as unknown as Recorded & { outdated: Recorded };
const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);

describe("trace replay matches Python's Trace.state_at", () => {
  const cases = [...fixture.expected.map((want) => ({ name: "", rec: fixture as Recorded, want })),
    ...fixture.outdated.expected.map((want) => ({ name: "weighted A*, ", rec: fixture.outdated, want }))];
  for (const { name, rec, want } of cases) {
    it(`${name}step ${want.step}`, () => {
      const r = replay(rec.trace, want.step);
      expect(r.current).toBe(want.current);
      expect(r.goal).toBe(want.goal);
      expect(sorted(r.frontier)).toEqual(want.frontier);
      expect(sorted(r.explored)).toEqual(want.explored);
      expect(sorted(r.pruned)).toEqual(want.pruned);
      expect(sorted(r.duplicates)).toEqual(want.duplicates);
      expect(r.path.slice(1).map((n) => rec.trace.moves[r.via.get(n)!])).toEqual(want.path_moves);
      expect(r.counts).toEqual(want.counts);
      expect(stackOf(r)).toEqual(want.stack); // the stack the view lists and counts is Python's TraceState.stack
    });
  }
  it("the incremental replayer agrees with a fresh replay, forward and back", () => {
    const replayer = new Replayer(fixture.trace);
    for (const want of [...fixture.expected, ...[...fixture.expected].reverse()]) {
      const r = replayer.at(want.step);
      expect(r.current).toBe(want.current);
      expect(sorted(r.frontier)).toEqual(want.frontier);
      expect(r.counts).toEqual(want.counts);
    }
  });
});

let cleanup: (() => void) | undefined;
afterEach(() => { cleanup?.(); document.body.replaceChildren(); });

function mount(values: Record<string, unknown>) {
  const model = new FakeModel({ traces: [fixture.trace], step: 0, speed: 4, lockstep: "steps", presentation: false,
    choices: { algorithms: ["bfs", "dfs", "astar"], heuristics: ["zero", "cards-left"], informed: ["astar"],
      default_heuristic: { astar: "cards-left" }, rules: ["relabel", "first-empty"] }, ...values });
  const el = document.createElement("div");
  document.body.append(el);
  cleanup = createTraceView(model, el);
  const click = (label: string) => (el.querySelector(`button[aria-label="${label}"]`) as HTMLElement).click();
  return { model, el, click };
}

describe("moves in the table's words", () => {
  it("counts piles from 1 and names foundations and the stock's moves", () => {
    expect(moveText(["t0", "t2", 1])).toBe("pile 1\u21923");
    expect(moveText(["t4", "t0", 3])).toBe("pile 5\u21921 (3 cards)"); // "\u00d73" read as "three times"
    expect(moveText(["t1", "f0", 1])).toBe("pile 2\u2192foundation 1");
    expect(moveText(["waste", "t6", 1])).toBe("the waste\u2192pile 7");
    expect(moveText(["stock", "tableau", 7])).toBe("deal");
  });
});

describe("the trace view", () => {
  it("steps forward and back, drawing the node's position and the tree", () => {
    const { model, el, click } = mount({});
    click("Step forward");
    click("Step forward");
    expect(model.values.step).toBe(2);
    click("Step back");
    expect(model.values.step).toBe(1);
    click("End");
    const last = fixture.expected[fixture.expected.length - 1];
    expect(model.values.step).toBe(last.step);
    expect(el.querySelector(".ww-counters")?.textContent).toContain("goal reached");
    expect(el.querySelector('[data-node][data-goal="true"]')?.getAttribute("data-state")).toBe("solution");
    expect(el.querySelectorAll('.ww-tree [data-state="solution"]').length).toBeGreaterThan(1);
    expect(el.querySelector(".ww-trace-board [data-pile=\"t0\"]")).not.toBeNull();
    expect(el.querySelector(".ww-trace-board .ww-banner:not([hidden])")).toBeNull(); // no "You won!" in the board
    expect(el.querySelector(".ww-path")?.textContent).toContain("\u2192");
    // piles counted from 1, as the table and its messages count them: never the engine's t0
    expect(el.querySelector(".ww-path")?.textContent).toMatch(/^path: pile \d+\u2192\d+/);
    expect(el.textContent).not.toMatch(/\bt\d+\u2192/);
    expect(el.querySelector("h3")?.textContent).toMatch(/^(A\*|Breadth|Depth|Uniform|Greedy|Weighted|Iterative)/);
    for (const label of ["Start", "Step back", "Play", "Step forward", "End", "Step", "Speed", "Fit", "Zoom in",
      "Zoom out", "Presentation", "Algorithm", "Run search"]) {
      expect(el.querySelector(`[aria-label="${label}"]`), label).not.toBeNull();
    }
  });

  it("has a legend, a frontier list, tree nodes with states, and no misleading text at step 0", () => {
    const { el, click } = mount({});
    expect(el.querySelector("[data-legend]")?.textContent).toContain("frontier");
    expect(el.querySelector("[data-tree-panel]")?.textContent).not.toContain("400 nodes");
    // not yet on the frontier: the counters say "frontier 0" and the caption that the search has not started
    expect(el.querySelector('[data-node="0"]')?.getAttribute("data-state")).toBe("unreached");
    expect(el.querySelector(".ww-counters")?.textContent).toMatch(/(frontier|stack) 0/);
    click("Step forward");
    expect(el.querySelector('[data-node="0"]')?.getAttribute("data-state")).not.toBe("unreached");
    click("Step forward");
    const states = new Set([...el.querySelectorAll(".ww-tree [data-node]")].map((n) => n.getAttribute("data-state")));
    expect(states.has("current") || states.has("explored")).toBe(true);
    expect(el.querySelector("[data-frontier]")).not.toBeNull();
  });

  it("says what ?? means where cards are hidden, and nothing of it where they are shown", () => {
    // a class watching a search that sees every card asked why the dealt cards read ??
    const { el } = mount({});
    const note = el.querySelector<HTMLElement>('[data-legend-item="hidden"]')!;
    expect(note.hidden).toBe(false);
    expect(note.textContent).toContain("??: a card face down or in the stock at the start; the search sees it");
    expect(note.textContent).toContain("reveal=True");
    cleanup?.();
    document.body.replaceChildren();
    const shown = mount({ traces: [{ ...fixture.trace, reveal: true }] });
    expect(shown.el.querySelector<HTMLElement>('[data-legend-item="hidden"]')!.hidden).toBe(true);
  });

  it("highlights the pseudo-code line of each event kind", () => {
    const { el, click } = mount({});
    const listing = listingFor(fixture.trace.algorithm, fixture.trace.options);
    const seen = new Set<string>();
    for (let k = 0; k < 30; k++) {
      click("Step forward");
      const current = el.querySelectorAll('[data-line][aria-current="step"]');
      expect(current.length).toBe(1);
      const kind = (el.querySelector(".ww-code") as HTMLElement).dataset.kind!;
      const e = fixture.trace.events[k];
      const key = kind === "generate" && e[2] < 0 ? "root" : kind;
      expect(current[0].getAttribute("data-line")).toBe(String(listing.line[key]));
      seen.add(current[0].getAttribute("data-line")!);
    }
    expect(seen.size).toBeGreaterThan(2);
  });

  it("jumps to the step where a clicked node was reached", () => {
    const { model, el, click } = mount({});
    click("End");
    const node = el.querySelector('.ww-tree [data-node="5"]') as SVGElement;
    node.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    const at = fixture.trace.events.findIndex((e) => e[1] === 5 && e[0] !== 1);
    expect(model.values.step).toBe(at + 1);
  });

  it("steps with the keyboard and toggles presentation mode", () => {
    const { model, el, click } = mount({});
    const root = el.querySelector(".ww-trace") as HTMLElement;
    const key = (k: string) => root.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
    key("ArrowRight");
    key("ArrowRight");
    expect(model.values.step).toBe(2);
    key("ArrowLeft");
    expect(model.values.step).toBe(1);
    key("End");
    expect(model.values.step).toBe(fixture.trace.events.length);
    key("Home");
    expect(model.values.step).toBe(0);
    click("Presentation");
    expect(root.classList.contains("ww-present")).toBe(true);
    expect(model.values.presentation).toBe(true);
  });

  it("counts the stack it lists, and says duplicates are skipped (a DFS once said frontier 1 over a stack of 11)", () => {
    const { el, click } = mount({});
    expect(fixture.trace.algorithm).toBe("dfs");
    for (let k = 0; k < 12; k++) {
      click("Step forward");
      const counters = el.querySelector(".ww-counters")?.textContent ?? "";
      const listed = el.querySelector(".ww-trace-panel h4")?.textContent ?? "";
      const held = Number(/stack (\d+)/.exec(counters)?.[1]);
      expect(listed).toBe(`Stack (top first) \u00b7 ${held}`);
      expect(counters).not.toContain("frontier");
      expect(counters).toContain("duplicates skipped");
    }
  });

  it("asks the kernel for another search", () => {
    const { model, el } = mount({});
    (el.querySelector('[aria-label="Algorithm"]') as HTMLSelectElement).value = "astar";
    (el.querySelector('[aria-label="Algorithm"]') as HTMLSelectElement).dispatchEvent(new Event("change"));
    (el.querySelector('[aria-label="Run search"]') as HTMLElement).click();
    expect(model.sent[0]).toMatchObject({ type: "run", algorithm: "astar", heuristic: "cards-left", dedupe: true,
      pruning: ["relabel", "first-empty"] });
  });

  it("with two searches on show, says which one a new search replaces, and starts from that one", () => {
    const right = { ...fixture.trace, algorithm: "astar",
      options: { ...fixture.trace.options, algorithm: "astar", heuristic: "zero" } };
    const { model, el } = mount({ traces: [fixture.trace, right] });
    const replace = el.querySelector('select[aria-label="Replace"]') as HTMLSelectElement;
    expect((el.querySelector('input[aria-label="Show beside"]')!.closest("label") as HTMLElement).hidden).toBe(true);
    expect([...replace.options].map((o) => o.textContent)).toEqual(["the left: Depth-first search",
      "the right: A* search"]);
    replace.value = "1";
    replace.dispatchEvent(new Event("change"));
    expect((el.querySelector('[aria-label="Algorithm"]') as HTMLSelectElement).value).toBe("astar");
    (el.querySelector('[aria-label="Run search"]') as HTMLElement).click();
    expect(model.sent[0]).toMatchObject({ type: "run", algorithm: "astar", heuristic: "zero", panel: 1, beside: false });
  });

  it("starts the bar from the search on show: Run with no change runs that search again", () => {
    const shown = { ...fixture.trace, options: { ...fixture.trace.options, algorithm: "astar", heuristic: "zero",
      dedupe: false, pruning: ["relabel"], ordering: true } };
    const { model, el } = mount({ traces: [shown] });
    (el.querySelector('[aria-label="Run search"]') as HTMLElement).click();
    expect(model.sent[0]).toMatchObject({ type: "run", algorithm: "astar", heuristic: "zero", dedupe: false,
      pruning: ["relabel"], ordering: true });
  });

  it("draws its styles inside a shadow root, where the page's do not reach (marimo)", () => {
    const host = document.createElement("div");
    document.body.append(host);
    const shadow = host.attachShadow({ mode: "open" });
    const el = document.createElement("div");
    shadow.append(el);
    const model = new FakeModel({ traces: [fixture.trace], step: 0, speed: 4, lockstep: "steps",
      presentation: false, choices: {} });
    cleanup = createTraceView(model, el);
    expect(shadow.getElementById("ww-trace-style")?.textContent).toContain(".ww-legend i");
  });

  it("keeps two traces in lockstep by expansions under one control bar", () => {
    const { el, click } = mount({ traces: [fixture.trace, fixture.trace], lockstep: "expansions" });
    expect(el.querySelectorAll(".ww-trace-panel").length).toBe(2);
    expect(el.querySelectorAll('button[aria-label="Step forward"]').length).toBe(1);
    click("Step forward");
    click("Step forward");
    const counters = [...el.querySelectorAll(".ww-trace-panel .ww-counters")].map((c) => c.textContent);
    expect(counters[0]).toContain("expanded 2");
    expect(counters[1]).toContain("expanded 2");
  });

  it("jumps by expansions when the pair is in expansions lockstep", () => {
    const { model, el, click } = mount({ traces: [fixture.trace, fixture.trace], lockstep: "expansions" });
    click("End");
    const node = el.querySelector('.ww-trace-panel .ww-tree [data-node="5"]') as SVGElement;
    node.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    const at = fixture.trace.events.findIndex((e) => e[1] === 5 && e[0] !== 1);
    const expandCode = fixture.trace.kinds.indexOf("expand");
    const before = fixture.trace.events.slice(0, at + 1).filter((e) => e[0] === expandCode).length;
    expect(model.values.step).toBe(before);
    expect(el.querySelector('.ww-trace-panel .ww-tree [data-node="5"]')).not.toBeNull(); // reached at that step
  });

  it("shows a summary past the size a tree can show", () => {
    const big = structuredClone(fixture.trace);
    const events: number[][] = [[0, 0, -1, -1, 0, 0, 0, 1, 0, -1]];
    for (let i = 1; i <= 2000; i++) events.push([0, i, 0, 0, 1, 1, 0, i + 1, 1, -1]);
    const duplicate = big.kinds.indexOf("duplicate");
    for (let i = 2001; i <= 2300; i++) events.push([duplicate, i, 0, 0, 1, 1, 0, i + 1, 1, -1]);
    big.events = events;
    const { el, click } = mount({ traces: [big] });
    click("End");
    expect(el.querySelector("[data-summary]")).not.toBeNull();
    // its numbers are the counters': 2,001 generated, the 300 duplicates said apart (it said "2301 nodes")
    const panel = el.querySelector(".ww-tree-panel")!.textContent!;
    expect(panel).toContain("2,001 nodes generated and 300 duplicates and pruned moves met");
    expect(el.querySelector(".ww-counters")!.textContent).toContain("generated 2001");
    const counts = [...el.querySelectorAll("[data-summary] .ww-chart-label")].map((t) => t.textContent);
    expect(counts).toContain("2000"); // depth 1: the generated nodes only
    expect(counts).not.toContain("2300");
  });
});


// -- the teacher's tryout ------------------------------------------------------------------------------------------

const KIND = Object.fromEntries(fixture.trace.kinds.map((k, i) => [k, i]));
const ev = (kind: string, node: number, parent = -1, move = -1, depth = 0, g = 0) =>
  [KIND[kind], node, parent, move, depth, g, 0, 0, 0, -1];

/** Iterative deepening as the Python search records it: each pass starts with an iteration event and generates a
 * root of its own (node 1 in the second pass), so no pass after the first has a node 0. */
function iddfsTrace(): TracePayload {
  const start = fixture.trace.positions["0"] as Record<string, unknown>;
  const moved = { ...start, moves: 1 };
  return {
    ...fixture.trace, algorithm: "iddfs",
    options: { dedupe: false, max_depth: 200, pruning: [], ordering: false, algorithm: "iddfs" },
    moves: [["t0", "t1", 1], ["t1", "t0", 3]] as MoveTriple[],
    events: [
      ev("iteration", -1, -1, -1, 0), ev("generate", 0), ev("expand", 0), ev("backtrack", 0),
      ev("iteration", -1, -1, -1, 1), ev("generate", 1), ev("expand", 1), ev("generate", 2, 1, 0, 1, 1),
      ev("expand", 2, -1, -1, 1, 1), ev("backtrack", 2), ev("duplicate", 3, 1, 0, 1, 1),
      ev("generate", 4, 1, 1, 1, 1), ev("goal", 4),
    ],
    positions: { 0: start, 1: start, 2: moved, 4: moved },
  };
}

describe("iterative deepening: the tree of the current pass, its current node, the board at that node", () => {
  it("draws each pass's tree from that pass's root, with the current node and the board there", () => {
    const { el, click } = mount({ traces: [iddfsTrace()] });
    for (let k = 0; k < 5; k++) click("Step forward");
    // a pass just begun: its root drawn unfilled, and a note says the tree starts again
    expect([...el.querySelectorAll(".ww-tree [data-node]")].map((n) => n.getAttribute("data-node"))).toEqual(["1"]);
    expect(el.querySelector('.ww-tree [data-node="1"]')?.getAttribute("data-state")).toBe("unreached");
    expect(el.querySelector(".ww-hover")?.textContent).toContain("Pass 2 begins with depth limit 1");
    for (let k = 5; k < 9; k++) click("Step forward");
    // step 9: node 2 expanded, one move down: it was one tiny node 0 and the board at the start
    const nodes = [...el.querySelectorAll(".ww-tree [data-node]")].map((n) => n.getAttribute("data-node"));
    expect(nodes.sort()).toEqual(["1", "2"]);
    expect(el.querySelector('.ww-tree [data-current="true"]')?.getAttribute("data-node")).toBe("2");
    const board = el.querySelector(".ww-trace-board") as HTMLElement;
    expect(board.dataset.node).toBe("2");
    expect(board.classList.contains("ww-stale")).toBe(false);
    expect(board.textContent).toContain("1 move");
    expect(board.textContent).not.toContain("0 moves");
    // the loop's line of the pseudo-code says which pass runs
    expect(el.querySelector('[data-line="1"]')?.textContent).toContain("now: limit = 1");
    click("End");
    expect(el.querySelector(".ww-counters")?.textContent).toContain("goal reached in 1 moves");
    expect(board.dataset.node).toBe("4");
    // the stack lists the goal once, and its root as the start (it said "#1 pile ..." with no "start")
    const rows = [...el.querySelectorAll(".ww-frontier-list li")].map((li) => li.textContent);
    expect(rows).toEqual(["#4 pile 2\u21921 (3 cards) \u00b7 g 1", "#1 start \u00b7 g 0"]);
  });

  it("says what its counters count: the passes added up, this pass's tree apart", () => {
    const { el, click } = mount({ traces: [iddfsTrace()] });
    for (let k = 0; k < 9; k++) click("Step forward");
    const counters = el.querySelector(".ww-counters")!;
    const text = counters.textContent!;
    expect(text).toContain("pass 2, depth limit 1");
    expect(text).toContain("expanded 3 in all passes");
    expect(text).toContain("explored in this pass 2");
    // no duplicate detection: only a state on the path is skipped, and the heading and the counter say so alike
    expect(text).toContain("repeats on the path skipped 0");
    expect(text).not.toContain("duplicates skipped");
    expect(el.querySelector("h3")?.textContent).toContain("duplicate detection on the path only");
    expect(el.querySelector("h3")?.textContent).not.toContain("no duplicate detection");
    const spans = [...counters.querySelectorAll("[data-counter]")] as HTMLElement[];
    expect(spans.map((s) => s.dataset.counter)).toEqual(["step", "limit", "expanded", "generated", "duplicates",
      "pruned", "held", "explored"]);
    for (const span of spans) expect(span.title.length, span.dataset.counter).toBeGreaterThan(30);
    expect(spans.find((s) => s.dataset.counter === "expanded")!.title).toContain("all the passes");
    expect(spans.find((s) => s.dataset.counter === "explored")!.title).toContain("this pass");
  });
});

describe("a depth-first stack lists each node once", () => {
  it("at the goal, the goal is on top once (it was listed twice)", () => {
    const r = replay(fixture.trace, fixture.trace.events.length);
    const stack = stackOf(r);
    expect(new Set(stack).size).toBe(stack.length);
    expect(stack[0]).toBe(r.goal);
    expect(stack.length).toBe(r.path.length);
  });
});

describe("a depth limit is shown and can be chosen", () => {
  const limited = (limit: number) => ({ ...fixture.trace, algorithm: "depth-limited",
    options: { ...fixture.trace.options, algorithm: "depth-limited", depth_limit: limit } });
  const choices = { algorithms: ["bfs", "dfs", "depth-limited", "iddfs", "astar", "weighted-astar"],
    heuristics: ["zero", "cards-left", "disorder"], informed: ["astar", "weighted-astar"],
    default_heuristic: { astar: "cards-left", "weighted-astar": "disorder" },
    rules: ["relabel", "first-empty", "ace-to-foundation"],
    numbers: { depth_limit: { min: 0, max: 200, step: 1, default: 50, whole: true },
      weight: { min: 1, max: 10, step: 0.5, default: 2, whole: false } } };

  it("says the limit in the heading and in the pseudo-code (it said depth-first search, limit = \u221e)", () => {
    const { el } = mount({ traces: [limited(4)] });
    expect(el.querySelector("h3")?.textContent).toMatch(/^Depth-limited search, limit 4 \(/);
    expect(el.querySelector('[data-line="0"]')?.textContent).toBe("function DEPTH-LIMITED-SEARCH(problem, limit = 4)");
    expect(el.querySelector('[data-line="3"]')?.textContent).toContain("node.DEPTH = 4");
    expect(el.querySelector(".ww-code")?.textContent).not.toContain("\u221e");
    expect(listingFor("dfs", {}).lines[0]).toBe("function DEPTH-FIRST-SEARCH(problem)");
    // a search that reached its limit and found nothing was cut off there: the counters say so
    const cutoff = { ...iddfsTrace(), algorithm: "depth-limited", options: { dedupe: true, depth_limit: 1 },
      events: [ev("generate", 0), ev("expand", 0), ev("generate", 2, 0, 0, 1, 1), ev("expand", 2, -1, -1, 1, 1),
        ev("backtrack", 2), ev("backtrack", 0)] };
    cleanup?.();
    const other = mount({ traces: [cutoff] });
    other.click("End");
    expect(other.el.querySelector(".ww-counters")?.textContent).toContain(
      "search ended without a goal: cut off at the depth limit 1");
    expect(listingFor("dfs", {}).lines[0]).toBe("function DEPTH-FIRST-SEARCH(problem)");
  });

  it("has a depth-limit field for depth-limited search and a weight field for weighted A*, checked", () => {
    const { model, el } = mount({ traces: [limited(4)], choices });
    const field = (label: string) => el.querySelector(`input[aria-label="${label}"]`) as HTMLInputElement;
    const shown = (label: string) => !(field(label).closest("label") as HTMLElement).hidden;
    const algorithm = el.querySelector('[aria-label="Algorithm"]') as HTMLSelectElement;
    const status = el.querySelector(".ww-run-status") as HTMLElement;
    const run = () => (el.querySelector('[aria-label="Run search"]') as HTMLElement).click();
    expect(algorithm.value).toBe("depth-limited");
    expect(shown("Depth limit") && !shown("Weight")).toBe(true);
    expect(field("Depth limit").value).toBe("4"); // the search on show's: Run again runs it again
    run();
    expect(model.sent.pop()).toMatchObject({ algorithm: "depth-limited", depth_limit: 4 });
    for (const bad of ["-1", "2.5", "201", ""]) {
      field("Depth limit").value = bad;
      field("Depth limit").dispatchEvent(new Event("input"));
      run();
      expect(model.sent).toEqual([]); // nothing asked of the kernel
      expect(status.textContent).toBe("The depth limit must be a whole number from 0 to 200.");
      expect(field("Depth limit").getAttribute("aria-invalid")).toBe("true");
    }
    field("Depth limit").value = "7";
    field("Depth limit").dispatchEvent(new Event("input"));
    expect(status.textContent).toBe("");
    run();
    expect(model.sent.pop()).toMatchObject({ algorithm: "depth-limited", depth_limit: 7 });
    algorithm.value = "weighted-astar";
    algorithm.dispatchEvent(new Event("change"));
    expect(!shown("Depth limit") && shown("Weight")).toBe(true);
    field("Weight").value = "0.5";
    run();
    expect(model.sent).toEqual([]);
    expect(status.textContent).toBe("The weight must be a number from 1 to 10.");
    field("Weight").value = "3.5";
    run();
    const sent = model.sent.pop()!;
    expect(sent).toMatchObject({ algorithm: "weighted-astar", heuristic: "disorder", weight: 3.5 });
    expect(sent).not.toHaveProperty("depth_limit");
    expect(numberProblem("weight", "11")).toBe("The weight must be a number from 1 to 10.");
    expect(numberProblem("depth_limit", "0")).toBe("");
  });

  it("lists the searches and heuristics by name, and says what each pruning rule removes", () => {
    const { el } = mount({ choices });
    const options = (label: string) => [...(el.querySelector(`select[aria-label="${label}"]`) as HTMLSelectElement)
      .options].map((o) => [o.value, o.textContent]);
    expect(options("Algorithm")).toEqual([["bfs", "Breadth-first search"], ["dfs", "Depth-first search"],
      ["depth-limited", "Depth-limited search"], ["iddfs", "Iterative deepening search"], ["astar", "A* search"],
      ["weighted-astar", "Weighted A*"]]);
    const heuristics = options("Heuristic");
    expect(heuristics.map(([v]) => v)).toEqual(["zero", "cards-left", "disorder"]);
    for (const [value, text] of heuristics) expect(text).not.toBe(value);
    expect(heuristics[2][1]).toBe("disorder (not admissible)");
    const menu = el.querySelector('select[aria-label="Heuristic"]') as HTMLSelectElement;
    for (const option of menu.options) expect(option.title, option.value).toMatch(/admissible/i);
    for (const rule of choices.rules) {
      const label = el.querySelector(`input[aria-label="Prune: ${rule}"]`)!.closest("label") as HTMLElement;
      expect(label.title.length, rule).toBeGreaterThan(40);
    }
    expect(el.querySelector('[data-legend-item="moves"]')?.textContent).toContain("(3 cards): three cards moved together");
  });
});

describe("choosing which search to replace keeps the choices made", () => {
  it("picking the algorithm and heuristic, then Replace: the right, runs what was picked on the right", () => {
    const right = { ...fixture.trace, algorithm: "bfs", options: { ...fixture.trace.options, algorithm: "bfs" } };
    const { model, el } = mount({ traces: [fixture.trace, right] });
    const algorithm = el.querySelector('[aria-label="Algorithm"]') as HTMLSelectElement;
    const heuristic = el.querySelector('[aria-label="Heuristic"]') as HTMLSelectElement;
    algorithm.value = "astar";
    algorithm.dispatchEvent(new Event("change"));
    heuristic.value = "zero";
    heuristic.dispatchEvent(new Event("change"));
    const replace = el.querySelector('select[aria-label="Replace"]') as HTMLSelectElement;
    replace.value = "1";
    replace.dispatchEvent(new Event("change"));
    expect([algorithm.value, heuristic.value]).toEqual(["astar", "zero"]); // it went back to the right's bfs
    (el.querySelector('[aria-label="Run search"]') as HTMLElement).click();
    expect(model.sent[0]).toMatchObject({ algorithm: "astar", heuristic: "zero", panel: 1 });
  });
});

describe("fitTree", () => {
  // a tree drawn compact (columns 14 wide, rows 34 high) and `width` wide with its margins, `levels` rows deep
  const drawn = (width: number, levels: number, gap = 14, row = 34) =>
    ({ width, height: levels * row + row + 24, levels, row, gap, columns: (width - 24) / gap, padX: 24 }) as unknown as
      Parameters<typeof fitTree>[0];
  const size = (d: ReturnType<typeof drawn>, fit: ReturnType<typeof fitTree>) => ({
    width: ((d.columns - 1) * d.gap * fit.colScale + d.gap + d.padX) * fit.zoom,
    height: (d.levels * d.row * fit.rowScale + d.row + 24) * fit.zoom,
  });

  it("spaces out the rows of a wide, shallow tree so it fills the panel's height as well as its width", () => {
    const { zoom, rowScale } = fitTree(drawn(6050, 7), 790, 338);
    expect(rowScale).toBeGreaterThan(1);
    expect(6050 * zoom).toBeLessThanOrEqual(790 + 1e-6);
    const tall = (7 * 34 * rowScale + 34 + 24) * zoom;
    expect(tall).toBeGreaterThan(338 * 0.95);
    expect(tall).toBeLessThanOrEqual(338 + 1e-6);
  });

  it("leaves a tall tree's rows as they are, fitted by its height", () => {
    const { zoom, rowScale } = fitTree(drawn(300, 40), 790, 338);
    expect(rowScale).toBe(1);
    expect(zoom).toBeCloseTo(338 / (40 * 34 + 58));
  });

  it("never zooms above 2, nor spaces rows out more than twelve times", () => {
    expect(fitTree(drawn(40, 1), 790, 338).zoom).toBe(2);
    expect(fitTree(drawn(100000, 2), 790, 338).rowScale).toBe(12);
  });

  it("spaces out the columns of a deep, narrow tree so it fills the panel's width as well as its height", () => {
    // a depth-first search's tree, 25 rows deep and 8 leaves wide: fitted by its height it was a thin streak
    const deep = drawn(8 * 24 + 24, 25, 24, 44);
    const fit = fitTree(deep, 560, 330);
    expect(fit.rowScale).toBe(1);
    expect(fit.colScale).toBeGreaterThan(1);
    const box = size(deep, fit);
    expect(box.height).toBeGreaterThan(330 * 0.99);
    expect(box.width).toBeGreaterThan(560 * 0.95);
    expect(box.width).toBeLessThanOrEqual(560 + 1e-6);
    expect(fitTree(drawn(2 * 24 + 24, 60, 24, 44), 8000, 300).colScale).toBe(64); // at most 64 times
    expect(fitTree(drawn(24 + 24, 60, 24, 44), 8000, 300).colScale).toBe(1); // one column: nothing to space out
  });

  it("fits every tree inside its box, filling it one way at least, whatever its shape", () => {
    for (const [width, levels] of [[6050, 7], [300, 40], [40, 1], [144, 25], [100000, 2], [2000, 12], [24, 0]]) {
      for (const [w, h] of [[790, 338], [560, 200], [300, 600], [1200, 400]]) {
        const d = drawn(width, levels);
        const fit = fitTree(d, w, h);
        const box = size(d, fit);
        expect(box.width).toBeLessThanOrEqual(w + 1e-6);
        expect(box.height).toBeLessThanOrEqual(h + 1e-6);
        expect(fit.zoom).toBeLessThanOrEqual(2);
        const filled = Math.max(box.width / w, box.height / h);
        expect(filled > 0.99 || fit.zoom === 2, `${width} ${levels} in ${w} x ${h}`).toBe(true);
        expect(fit.rowScale).toBeGreaterThanOrEqual(1);
        expect(fit.colScale).toBeGreaterThanOrEqual(1);
      }
    }
  });
});

describe("a tree zoomed far out stays readable", () => {
  it("draws each node at least a visible dot where its neighbours leave room, never smaller than drawn", () => {
    const r = replay(fixture.trace, fixture.trace.events.length);
    const drawn = drawTree(document, fixture.trace, r)!;
    for (const zoom of [1, 0.3, 0.1]) {
      sizeDots(drawn, zoom);
      expect(drawn.svg.style.getPropertyValue("--ww-zoom")).toBe(String(zoom)); // the edges' width on screen
      for (const dot of drawn.dots) {
        const radius = Number(dot.el.getAttribute("r"));
        expect(radius).toBeGreaterThanOrEqual(dot.radius - 0.01); // never smaller than drawn
        expect(radius).toBeCloseTo(dotRadius(dot, zoom), 1);
        if (!dot.parent) { // at least MIN_DOT px on screen, or as large as its room allows (0.8 of it)
          expect(radius * zoom >= MIN_DOT - 0.01 || radius >= 0.8 * dot.room - 0.01).toBe(true);
          expect(radius <= Math.max(dot.radius, 0.8 * dot.room) + 0.01).toBe(true);
        }
      }
    }
    // zoomed out, a node alone in its row (the root) grows to MIN_DOT on screen; the rows' spacing bounds it
    sizeDots(drawn, 0.25);
    const rootDot = drawn.dots.find((d) => d.node === 0)!;
    expect(Number(rootDot.el.getAttribute("r")) * 0.25).toBeCloseTo(MIN_DOT, 1);
    sizeDots(drawn, 0.05);
    expect(Number(rootDot.el.getAttribute("r"))).toBeCloseTo(0.8 * (drawn.row / 2), 1);
    expect(dotRadius({ radius: 5, room: 7 }, 0.1)).toBeCloseTo(5.6); // room for a 0.56 px dot only
    expect(dotRadius({ radius: 5, room: 100 }, 2)).toBe(5); // zoomed in: as drawn
  });

  it("draws the solution path over the other edges, and its columns spaced out as asked", () => {
    const r = replay(fixture.trace, fixture.trace.events.length);
    const plain = drawTree(document, fixture.trace, r)!;
    const edges = [...plain.svg.querySelectorAll(".ww-edge")];
    const first = edges.findIndex((e) => e.classList.contains("ww-solution"));
    expect(first).toBeGreaterThan(0);
    expect(edges.slice(first).every((e) => e.classList.contains("ww-solution"))).toBe(true);
    const wide = drawTree(document, fixture.trace, r, 1, 3)!;
    expect(wide.width - wide.padX - wide.gap).toBeCloseTo(3 * (plain.width - plain.padX - plain.gap));
    expect(wide.height).toBe(plain.height);
    const tall = drawTree(document, fixture.trace, r, 2, 1)!;
    expect(tall.width).toBe(plain.width);
    expect(tall.height - tall.row - 24).toBeCloseTo(2 * (plain.height - plain.row - 24));
  });
});

describe("presenting full screen", () => {
  /** A document that grants full screen (jsdom has no Fullscreen API): requestFullscreen makes `el` the full-screen
   * element and says so, as a browser does after the click. */
  function fullScreenDocument() {
    const asked: Element[] = [];
    let full: Element | null = null;
    const change = () => document.dispatchEvent(new Event("fullscreenchange"));
    Object.defineProperty(document, "fullscreenEnabled", { configurable: true, get: () => true });
    Object.defineProperty(document, "fullscreenElement", { configurable: true, get: () => full });
    Object.defineProperty(HTMLElement.prototype, "requestFullscreen", { configurable: true, writable: true,
      value(this: HTMLElement) {
        asked.push(this);
        full = this;
        change();
        return Promise.resolve();
      } });
    Object.defineProperty(document, "exitFullscreen", { configurable: true, writable: true,
      value: () => { full = null; change(); return Promise.resolve(); } });
    const leave = () => { full = null; change(); }; // the browser's own way out (Escape, F11)
    const restore = () => {
      for (const name of ["fullscreenEnabled", "fullscreenElement", "exitFullscreen"]) {
        delete (document as unknown as Record<string, unknown>)[name];
      }
      delete (HTMLElement.prototype as unknown as Record<string, unknown>).requestFullscreen;
    };
    return { asked, leave, restore };
  }

  it("asks for full screen on the view when Presentation is clicked, and leaving full screen stops presenting", () => {
    const screen = fullScreenDocument();
    try {
      const { model, el, click } = mount({});
      const root = el.querySelector(".ww-trace") as HTMLElement;
      click("Presentation");
      expect(screen.asked).toEqual([root]);
      expect(root.classList.contains("ww-present")).toBe(true);
      expect(root.classList.contains("ww-full-screen")).toBe(true);
      screen.leave(); // Escape in a browser: it leaves full screen itself
      expect(model.values.presentation).toBe(false);
      expect(root.classList.contains("ww-present")).toBe(false);
      expect(root.classList.contains("ww-full-screen")).toBe(false);
      // the button, or Escape, leaves both
      click("Presentation");
      expect(document.fullscreenElement).toBe(root);
      root.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
      expect(model.values.presentation).toBe(false);
      expect(document.fullscreenElement).toBeNull();
      // switched on from Python (no click to grant it): presenting in the page, as before
      model.emit("presentation", true);
      expect(root.classList.contains("ww-present")).toBe(true);
      expect(screen.asked.length).toBe(2);
      expect(root.classList.contains("ww-full-screen")).toBe(false);
      model.emit("presentation", false);
      expect(root.classList.contains("ww-present")).toBe(false);
    } finally {
      screen.restore();
    }
  });

  it("presents in the page where the browser has no full screen", () => {
    const { model, el, click } = mount({});
    const root = el.querySelector(".ww-trace") as HTMLElement;
    click("Presentation");
    expect(model.values.presentation).toBe(true);
    expect(root.classList.contains("ww-present")).toBe(true);
    expect(root.classList.contains("ww-full-screen")).toBe(false);
  });
});

describe("a path kept to two lines", () => {
  it("shows its label, how many earlier moves are left out, and its latest moves (it hid its start)", () => {
    const { el, click } = mount({});
    click("End");
    const path = el.querySelector(".ww-path") as HTMLElement;
    const all = path.textContent!;
    expect(path.dataset.hiddenMoves).toBe("0"); // no box holds it to a few lines: all of it shows
    // a box two lines of 40 characters high, as presenting a pair keeps it
    Object.defineProperty(path, "clientHeight", { configurable: true, get: () => 40 });
    Object.defineProperty(path, "scrollHeight", { configurable: true,
      get: () => 20 * Math.ceil((path.textContent ?? "").length / 40) });
    click("Start");
    click("End");
    const moves = all.replace(/^path: /, "").split(", ");
    const hidden = Number(path.dataset.hiddenMoves);
    expect(moves.length).toBeGreaterThan(3);
    expect(hidden).toBeGreaterThan(0);
    expect(path.textContent!.length).toBeLessThanOrEqual(80); // it fits
    expect(path.querySelector(".ww-path-label")?.textContent).toBe("path:");
    expect(path.querySelector(".ww-path-earlier")?.textContent).toBe(`\u2026 ${hidden} earlier moves`);
    expect(path.textContent).toBe(`path: \u2026 ${hidden} earlier moves, ${moves.slice(hidden).join(", ")}`);
    // as few left out as fit: one more move shown would not
    const more = `path: \u2026 ${hidden - 1} earlier moves, ${moves.slice(hidden - 1).join(", ")}`;
    expect(hidden === 1 || Math.ceil(more.length / 40) > 2).toBe(true);
    expect(path.title).toBe(`path, ${moves.length} moves: ${moves.join(", ")}`); // all of it on hover
  });
});

describe("the lists and the tree by keyboard and screen reader (issue 68)", () => {
  it("holds only list items, is reached by Tab and named; the keys stay in the view", () => {
    const { el, click } = mount({});
    const explored = el.querySelector(".ww-explored-list") as HTMLElement;
    const frontier = el.querySelector(".ww-frontier-list") as HTMLElement;
    const tree = el.querySelector(".ww-tree-panel") as HTMLElement;
    const onlyItems = (list: Element) => [...list.childNodes].every((n) => n.nodeName === "LI");
    expect(onlyItems(explored) && onlyItems(frontier)).toBe(true);
    expect(explored.textContent).toBe("(none yet)");
    for (let k = 0; k < 8; k++) click("Step forward");
    expect(onlyItems(explored) && onlyItems(frontier)).toBe(true);
    expect(explored.hasAttribute("data-latest")).toBe(true); // "latest:" drawn before the items
    expect([...explored.children].map((li) => li.textContent).every((t) => /^#\d+$/.test(t!))).toBe(true);
    expect(explored.getAttribute("aria-label")).toMatch(/^Explored, \d+, latest first$/);
    for (const node of [explored, frontier, tree]) expect(node.tabIndex).toBe(0);
    const title = el.ownerDocument.getElementById(frontier.getAttribute("aria-labelledby")!);
    expect(title?.textContent).toMatch(/^(Frontier|Stack)/); // the fixture is a depth-first search: its stack
    expect(tree.getAttribute("role")).toBe("group");
    const slider = el.querySelector(".ww-scrubber") as HTMLInputElement;
    expect(slider.getAttribute("aria-valuetext")).toMatch(/^step 8 of \d+$/);
    // a key pressed on the slider (its arrows) does not reach the notebook (JupyterLab's command mode took it)
    let reached = 0;
    const outside = () => reached++;
    el.addEventListener("keydown", outside);
    slider.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
    frontier.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true }));
    slider.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab", bubbles: true }));
    expect(reached).toBe(1); // Tab only
    el.removeEventListener("keydown", outside);
  });
});
