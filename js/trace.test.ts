// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { FakeModel } from "./testing";
import { createTraceView, replay, type TracePayload } from "./trace";

import data from "./fixtures/trace.json";

const fixture = data as unknown as {
  trace: TracePayload;
  expected: {
    step: number; current: number; goal: number; frontier: number[]; explored: number[]; pruned: number[];
    duplicates: number[]; path_moves: [string, string, number][]; counts: Record<string, number>;
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
    });
  }
});


let cleanup: (() => void) | undefined;
afterEach(() => { cleanup?.(); document.body.replaceChildren(); });

describe("the trace view", () => {
  it("steps forward and back, drawing the node's position and the tree", () => {
    const model = new FakeModel({ trace: fixture.trace, step: 0, speed: 4 });
    const el = document.createElement("div");
    document.body.append(el);
    cleanup = createTraceView(model, el);
    const click = (label: string) => (el.querySelector(`button[aria-label="${label}"]`) as HTMLElement).click();
    click("Step forward");
    click("Step forward");
    expect(model.values.step).toBe(2);
    click("Step back");
    expect(model.values.step).toBe(1);
    click("End");
    const last = fixture.expected[fixture.expected.length - 1];
    expect(model.values.step).toBe(last.step);
    expect(el.querySelector('[role="status"]')?.textContent).toContain("goal reached");
    expect(el.querySelector(".ww-tree .ww-current")).not.toBeNull();
    expect(el.querySelectorAll(".ww-tree .ww-solution").length).toBeGreaterThan(0);
    expect(el.querySelector(".ww-trace-board [data-pile=\"t0\"]")).not.toBeNull();
    expect(el.querySelector(".ww-path")?.textContent).toContain("\u2192");
    for (const label of ["Start", "Step back", "Play", "Step forward", "End", "Step", "Speed"]) {
      expect(el.querySelector(`[aria-label="${label}"]`)).not.toBeNull();
    }
  });
});
