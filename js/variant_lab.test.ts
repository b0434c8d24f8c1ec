// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { BARS_WIDTH, barsSvg, FONT, LABELS_WIDTH, type Summary } from "./variant_lab";

const share = (count: number, n: number) => ({ count, share: count / n, low: Math.max(0, count / n - 0.1), high: Math.min(1, count / n + 0.1) });
const summary = (won: number, lost: number, unknown: number, bounds: [number, number] = [0, 1], label = "x"): Summary => ({
  name: "x", label, deals: won + lost + unknown, max_positions: 1000, engine: "native",
  won: share(won, won + lost + unknown), lost: share(lost, won + lost + unknown),
  unknown: share(unknown, won + lost + unknown), winnable_low: bounds[0], winnable_high: bounds[1], seeds: [1, 10],
});

describe("the lab's bars", () => {
  it("draws a bar and an interval per outcome, the base beside the variant", () => {
    const svg = barsSvg({ base: summary(8, 1, 1), variant: summary(2, 8, 0) });
    for (const key of ["base", "variant"])
      for (const outcome of ["won", "lost", "unknown"]) expect(svg).toContain(`data-bar="${key}-${outcome}"`);
    expect(svg.match(/data-interval=/g)?.length).toBe(6);
    expect(svg).toContain("proved lost 8/10");
    expect(svg).toContain("10 deals (deals 1-10) at 1,000 positions each");
  });

  it("draws only what has been studied", () => {
    const svg = barsSvg({ base: summary(1, 0, 0) });
    expect(svg).toContain('data-bar="base-won"');
    expect(svg).not.toContain("Variant:");
    expect(svg).not.toContain('data-bar="variant-won"');
    expect(barsSvg({})).toBe("");
  });

  it("an all-unknown study reads winnable 0-100%, not as a game nobody wins", () => {
    const svg = barsSvg({ variant: summary(0, 0, 20, [0, 1]) });
    expect(svg).toContain("winnable* 0%-100% (95%)"); // starred: the caption says how unknown deals count
    expect(svg).toContain("* unknown deals as lost, then as won");
    const settled = barsSvg({ variant: summary(4, 16, 0, [0.1, 0.4]) });
    expect(settled).toContain("winnable 10%-40% (95%)");
    expect(settled).not.toContain("winnable*");
    const range = new DOMParser().parseFromString(svg, "image/svg+xml").querySelector('[data-range="variant-winnable"]')!;
    expect(Number(range.getAttribute("width"))).toBeCloseTo(BARS_WIDTH - LABELS_WIDTH - 10, 0); // the whole scale
  });

  it("text and whiskers take the page's colour, so a dark theme reads", () => {
    const svg = barsSvg({ base: summary(3, 3, 4) });
    expect(svg).toContain('fill="currentColor"');
    expect(svg).not.toMatch(/stroke="#000"|fill="#000"/);
  });

  it("draws each interval under its bar, never across the bar's colour", () => {
    const doc = new DOMParser().parseFromString(barsSvg({ base: summary(10, 0, 0) }), "image/svg+xml");
    const bar = doc.querySelector('[data-bar="base-won"]')!;
    const barBottom = Number(bar.getAttribute("y")) + Number(bar.getAttribute("height"));
    const whisker = doc.querySelector('[data-interval="base-won"]')!.getAttribute("d")!;
    const ys = [...whisker.matchAll(/[MV]\S+ (\d+)|V(\d+)/g)].map((m) => Number(m[1] ?? m[2]));
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(barBottom);
  });

  it("fits a narrow notebook: each row's words above its bar, the bars across the whole width", () => {
    const doc = new DOMParser().parseFromString(barsSvg({ base: summary(4, 4, 2) }, 300), "image/svg+xml");
    expect(doc.documentElement.getAttribute("width")).toBe("300");
    const bar = doc.querySelector('[data-bar="base-won"]')!;
    const words = [...doc.querySelectorAll("text")].find((t) => t.textContent!.startsWith("proved won"))!;
    expect(Number(words.getAttribute("y"))).toBeLessThanOrEqual(Number(bar.getAttribute("y")));
    expect(Number(bar.getAttribute("x"))).toBeLessThan(10);
    const range = doc.querySelector('[data-range="base-winnable"]')!;
    expect(Number(range.getAttribute("x")) + Number(range.getAttribute("width"))).toBeLessThanOrEqual(300);
    expect(doc.querySelectorAll("[data-caption] tspan").length).toBe(3); // the caption on two lines, then the
    // note on how unknown deals count (two deals of the ten are unknown)
  });

  it("puts each whisker nearer its own bar than the next bar", () => {
    for (const width of [BARS_WIDTH, 300]) {
      const doc = new DOMParser().parseFromString(barsSvg({ base: summary(5, 3, 2) }, width), "image/svg+xml");
      const [won, lost] = ["won", "lost"].map((o) => doc.querySelector(`[data-bar="base-${o}"]`)!);
      const d = doc.querySelector('[data-interval="base-won"]')!.getAttribute("d")!;
      const whiskerY = Number(d.match(/M[\d.]+ ([\d.]+)H/)![1]); // the horizontal stroke
      const ownBottom = Number(won.getAttribute("y")) + Number(won.getAttribute("height"));
      expect(whiskerY - ownBottom).toBeLessThan(Number(lost.getAttribute("y")) - whiskerY);
    }
  });

  it("heads each game's bars with its name, above its bars, cut to fit a narrow notebook", () => {
    const long = "any run moves · empty: K only · deals on empty — Will o' the Wisp & co <b>";
    for (const width of [BARS_WIDTH, 300]) {
      const svg = barsSvg({ base: summary(5, 3, 2, [0, 1], "Will o' the Wisp"), variant: summary(1, 1, 8, [0, 1], long) }, width);
      const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
      expect(doc.querySelector("parsererror")).toBeNull(); // the name's & and < are escaped
      const [base, variant] = ["base", "variant"].map((k) => doc.querySelector(`[data-heading="${k}"]`)!);
      expect(base.textContent).toBe("Base game: Will o' the Wisp" + "Base game: Will o' the Wisp"); // words + <title>
      expect(variant.querySelector("title")!.textContent).toBe(`Variant: ${long}`);
      const shown = variant.firstChild!.textContent!;
      expect(shown.length * 0.6 * FONT).toBeLessThanOrEqual(width - 8 + FONT); // fits the width it is drawn at
      if (width === 300) expect(shown.endsWith("…")).toBe(true);
      for (const [key, heading] of [["base", base], ["variant", variant]] as const) {
        const bar = doc.querySelector(`[data-bar="${key}-won"]`)!;
        expect(Number(heading.getAttribute("y"))).toBeLessThan(Number(bar.getAttribute("y")));
      }
      const baseRange = doc.querySelector('[data-range="base-winnable"]')!;
      expect(Number(variant.getAttribute("y")) - FONT).toBeGreaterThan(Number(baseRange.getAttribute("y")) + 10);
    }
  });

  it("writes its words at the lab's own size", () => {
    const doc = new DOMParser().parseFromString(barsSvg({ base: summary(4, 4, 2) }, 444), "image/svg+xml");
    const sizes = [...doc.querySelectorAll("text")].map((t) => Number(t.getAttribute("font-size")));
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(FONT - 1);
  });
});
