// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { FakeModel } from "./testing";
import { createTraceView, listingFor, replay, Replayer, stackOf, type TracePayload } from "./trace";
import { moveText } from "./trace/replay";

import data from "./fixtures/trace.json";

const fixture = data as unknown as {
  trace: TracePayload;
  expected: {
    step: number; current: number; goal: number; frontier: number[]; explored: number[]; pruned: number[];
    duplicates: number[]; path_moves: [string, string, number][]; counts: Record<string, number>; stack: number[];
  }[];
};
const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);

describe("trace replay matches Python's Trace.state_at", () => {
  for (const want of fixture.expected) {
    it(`step ${want.step}`, () => {
      const r = replay(fixture.trace, want.step);
      expect(r.current).toBe(want.current);
      expect(r.goal).toBe(want.goal);
      expect(sorted(r.frontier)).toEqual(want.frontier);
      expect(sorted(r.explored)).toEqual(want.explored);
      expect(sorted(r.pruned)).toEqual(want.pruned);
      expect(sorted(r.duplicates)).toEqual(want.duplicates);
      expect(r.path.slice(1).map((n) => fixture.trace.moves[r.via.get(n)!])).toEqual(want.path_moves);
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
    expect(moveText(["t4", "t0", 3])).toBe("pile 5\u21921 \u00d73");
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
