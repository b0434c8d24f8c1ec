import { describe, expect, it } from "vitest";
import { barsSvg, type Summary } from "./variant_lab";

const share = (count: number, n: number) => ({ count, share: count / n, low: Math.max(0, count / n - 0.1), high: Math.min(1, count / n + 0.1) });
const summary = (won: number, lost: number, unknown: number): Summary => ({
  name: "x", deals: won + lost + unknown, max_positions: 1000, engine: "native",
  won: share(won, won + lost + unknown), lost: share(lost, won + lost + unknown),
  unknown: share(unknown, won + lost + unknown), winnable_low: 0, winnable_high: 1,
});

describe("the lab's bars", () => {
  it("draws a bar and an interval per outcome, the base beside the variant", () => {
    const svg = barsSvg({ base: summary(8, 1, 1), variant: summary(2, 8, 0) });
    for (const key of ["base", "variant"])
      for (const outcome of ["won", "lost", "unknown"]) expect(svg).toContain(`data-bar="${key}-${outcome}"`);
    expect(svg.match(/<line /g)?.length).toBe(6);
    expect(svg).toContain("variant: lost 8/10");
  });

  it("draws only what has been studied", () => {
    const svg = barsSvg({ base: summary(1, 0, 0) });
    expect(svg).toContain('data-bar="base-won"');
    expect(svg).not.toContain("variant:");
  });
});
