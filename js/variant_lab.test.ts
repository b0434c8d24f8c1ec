// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FakeModel } from "./testing";
import lab, { BARS_WIDTH, barsSvg, barsWords, FONT, KERNEL_GONE, KERNEL_SILENT, KERNEL_SILENT_MS, LABELS_WIDTH, PRESENT_SCALE, progressText, type Summary, typedRule }
  from "./variant_lab";

const share = (count: number, n: number) => ({ count, share: count / n, low: Math.max(0, count / n - 0.1), high: Math.min(1, count / n + 0.1) });
const summary = (won: number, lost: number, unknown: number, bounds: [number, number] = [0, 1], label = "x"): Summary => ({
  name: "x", label, deals: won + lost + unknown, max_positions: 1000, engine: "native",
  won: share(won, won + lost + unknown), lost: share(lost, won + lost + unknown),
  unknown: share(unknown, won + lost + unknown), winnable_low: bounds[0], winnable_high: bounds[1], seeds: [1, 10],
});

describe("the lab's bars", () => {
  it("are an image named with its numbers in words, for a screen reader (issue 68)", () => {
    const svg = barsSvg({ base: summary(8, 1, 1), variant: summary(2, 8, 0) });
    const image = new DOMParser().parseFromString(svg, "image/svg+xml").documentElement;
    expect(image.getAttribute("role")).toBe("img");
    const name = image.getAttribute("aria-label")!;
    expect(name).toBe(barsWords({ base: summary(8, 1, 1), variant: summary(2, 8, 0) }));
    expect(name).toContain("10 deals at 1,000 positions each.");
    expect(name).toContain("Base game: x: proved won 8 of 10, proved lost 1 of 10, unknown 1 of 10, winnable 0% to 100% " +
      "(95%, unknown deals counted as lost, then as won).");
    expect(name).toContain("Variant: x: proved won 2 of 10, proved lost 8 of 10, unknown 0 of 10, winnable 0% to 100% (95%).");
    expect(barsSvg({ base: summary(1, 0, 0, [0, 1], 'a "quoted" <name>') })).toContain("&quot;quoted&quot; &lt;name&gt;");
  });

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

/** A lab view on a model as the kernel would first send it. */
function drawn(values: Record<string, unknown> = {}) {
  const model = new FakeModel({
    controls: { movable: "suited-run", build: "any-suit", empty_pile: "any", stock: "deal-to-piles", foundations: "remove-runs",
      deal_needs_no_empty_pile: true, foundation_to_tableau: false, ace_between_foundations: false, piles: 7, face_down: 2,
      face_up: 1, suits: "CDHS", top_rank: 13, copies: 1 },
    options: {}, variant: { error: "", name: "Will o' the Wisp", key: "will-o-the-wisp/standard", changes: [], solver: "" },
    deals: 20, max_positions: 20000, first_seed: "1", progress: {}, results: {}, status: "", status_kind: "",
    game_json: "", presentation: false, ...values,
  });
  const root = document.createElement("div");
  document.body.append(root);
  const dispose = lab.render({ model: model as never, el: root });
  return { model, root, dispose };
}
/** A message from the kernel to the view (anywidget's msg:custom). */
const fromKernel = (model: FakeModel, content: unknown) =>
  (model.handlers["msg:custom"] ?? []).forEach((fn) => (fn as (c: unknown) => void)(content));
const box = (root: HTMLElement, name: string) => root.querySelector<HTMLInputElement>(`[data-setting=${name}]`)!;
const type = (input: HTMLInputElement, text: string) => {
  input.value = text;
  input.dispatchEvent(new Event("change"));
};

describe("the lab's number boxes", () => {
  afterEach(() => document.body.replaceChildren());

  it("send a setting as typed, for the kernel to take or refuse saying what was typed", () => {
    // Before: an empty Deals became 1, Deals 2.5 became 2, First deal -1 became 0, none said so; and
    // 18446744073709551615, the largest deal, went as the float 18446744073709551616.
    const { model, root } = drawn();
    for (const [name, text] of [["deals", ""], ["deals", "2.5"], ["first_seed", "-1"], ["first_seed", "18446744073709551615"]]) {
      type(box(root, name), text);
      expect(model.sent.at(-1)).toEqual({ type: "setting", name, text });
    }
    expect(model.get("deals")).toBe(20); // the view sets nothing itself: the kernel decides
    expect(model.get("first_seed")).toBe("1");
  });

  it("take a number on Enter, as on leaving the box, once; and the same text again once it is typed again", () => {
    // a teacher typed 3 in Deals and pressed Enter: nothing happened until Tab (a text box fires no change on Enter)
    const { model, root } = drawn();
    const deals = box(root, "deals");
    const enter = () => deals.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    const typed = (text: string) => {
      deals.value = text;
      deals.dispatchEvent(new Event("input"));
    };
    typed("3");
    enter();
    expect(model.sent).toEqual([{ type: "setting", name: "deals", text: "3" }]);
    deals.dispatchEvent(new Event("change")); // then leaving the box: not sent twice
    expect(model.sent.length).toBe(1);
    typed("2.5");
    enter();
    fromKernel(model, { type: "refused", setting: "deals" }); // the box shows the kept setting again
    typed("2.5");
    enter();
    expect(model.sent.map((m) => m.text)).toEqual(["3", "2.5", "2.5"]);
  });

  it("show the first deal as its digits, and the setting kept when the kernel refuses one", () => {
    const { model, root } = drawn({ first_seed: "18446744073709551615" });
    expect(box(root, "first_seed").value).toBe("18446744073709551615");
    type(box(root, "deals"), "2.5");
    expect(box(root, "deals").value).toBe("2.5");
    fromKernel(model, { type: "refused", setting: "deals" });
    expect(box(root, "deals").value).toBe("20");
    model.emit("deals", 50);
    expect(box(root, "deals").value).toBe("50");
  });

  it("keep the box being typed in when another setting changes", () => {
    const { model, root } = drawn();
    const first = box(root, "first_seed");
    first.value = "123"; // typed, not yet sent
    model.emit("deals", 50);
    expect(box(root, "first_seed")).toBe(first);
    expect(first.value).toBe("123");
  });

  it("are text boxes, so what is typed is what is read", () => {
    const { root } = drawn();
    for (const input of root.querySelectorAll<HTMLInputElement>("[data-setting], input[data-control]:not([type=checkbox])")) {
      expect(input.type).toBe("text");
      expect(input.inputMode).toBe("numeric");
    }
  });

  it("send a rule's whole number as a number and anything else as typed", () => {
    expect(typedRule(" 7 ")).toBe(7);
    expect(typedRule("2.5")).toBe("2.5");
    expect(typedRule("")).toBe("");
    expect(typedRule("123456789012345")).toBe(123456789012345);
    expect(typedRule("12345678901234567890")).toBe("12345678901234567890"); // past what a number holds exactly
    const { model, root } = drawn();
    const piles = root.querySelector<HTMLInputElement>("input[data-control=piles]")!;
    type(piles, "2.5");
    expect(model.get("controls").piles).toBe("2.5");
  });
});

describe("the lab's status line", () => {
  afterEach(() => document.body.replaceChildren());

  it("draws a refusal in the error style and the usual words not", () => {
    const { model, root } = drawn();
    const status = root.querySelector<HTMLElement>(".wisp-lab-status")!;
    model.emit("status_kind", "error");
    model.emit("status", "The box is empty: paste a wisp-game/1 document.");
    expect(status.classList.contains("wisp-lab-status-error")).toBe(true);
    expect(status.dataset.kind).toBe("error");
    model.emit("status_kind", "");
    model.emit("status", "Loaded Will o' the Wisp.");
    expect(status.classList.contains("wisp-lab-status-error")).toBe(false);
    expect(status.dataset.kind).toBeUndefined();
  });

  it("follows the page's theme as the table does, with an error colour for each", () => {
    const { root } = drawn();
    expect(root.dataset.wwTheme).toBe("light");
    const css = readFileSync(join(__dirname, "variant_lab.css"), "utf8");
    expect(css).toMatch(/\.wisp-lab\[data-ww-theme="dark"\] \{[^}]*--wisp-lab-error:/);
    expect(css).toMatch(/\.wisp-lab-status-error[^{]*\{[^}]*var\(--wisp-lab-error\)/);
  });
});

describe("a study in progress", () => {
  afterEach(() => document.body.replaceChildren());

  it("says which game it studies and how many deals are done, and Stop stops it", () => {
    // a teacher waited 40 seconds before a bar with no count, not knowing whether the base game or the variant ran
    const { model, root } = drawn({ progress: { running: true, done: 27, total: 40, which: "variant", deal: 7, deals: 20 } });
    const words = root.querySelector<HTMLElement>(".wisp-lab-progress-words")!;
    expect(words.hidden).toBe(false);
    expect(words.textContent).toBe("Variant: 7 of 20 deals studied");
    const stop = root.querySelector<HTMLButtonElement>("button[data-action=cancel]")!;
    expect(stop.textContent).toBe("Stop"); // as on the table
    expect(stop.disabled).toBe(false);
    stop.click();
    expect(model.sent.at(-1)).toEqual({ type: "cancel" });
    model.emit("progress", { running: false, done: 0, total: 0, which: "", deal: 0, deals: 0 });
    expect(words.hidden).toBe(true);
    expect(stop.disabled).toBe(true);
    expect(progressText({ which: "base", deal: 1234, deals: 100000 })).toBe("Base game: 1,234 of 100,000 deals studied");
    expect(progressText({ which: "base", deal: 0, deals: 1 })).toBe("Base game: 0 of 1 deal studied");
  });
});

describe("Presentation", () => {
  it("draws the bars as wide as the lab, past the usual widest", () => {
    const cell = 1488; // a notebook's cell at 1920 x 1080 with the file browser open
    const width = Math.floor(cell / PRESENT_SCALE);
    const svg = barsSvg({ base: summary(4, 4, 2) }, width, Number.MAX_SAFE_INTEGER);
    const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
    expect(doc.documentElement.getAttribute("width")).toBe(String(width));
    expect(barsSvg({ base: summary(4, 4, 2) }, width)).toContain(`width="${BARS_WIDTH}"`); // the usual lab: 720
    const css = readFileSync(join(__dirname, "variant_lab.css"), "utf8");
    expect(css).toMatch(/\.wisp-lab\.wisp-lab-present \{[^}]*max-width: none/);
  });

  it("brings the bars into view when a study ends while presenting, and only then", () => {
    const scrolled: string[] = [];
    const had = Element.prototype.scrollIntoView; // jsdom has none
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.className);
    };
    try {
      const { model, root } = drawn({ presentation: true, progress: { running: true, done: 1, total: 2 } });
      scrolled.length = 0; // (entering Presentation scrolls the lab's top into view)
      model.emit("results", { base: summary(4, 4, 2), variant: summary(1, 8, 1) });
      model.emit("progress", { running: false, done: 2, total: 2 });
      expect(scrolled).toEqual(["wisp-lab-chart"]); // the bars' box, not the lab: its bottom comes into view
      model.emit("progress", { running: false, done: 2, total: 2 }); // nothing ended: nothing moves
      expect(scrolled).toHaveLength(1);
      // not presenting, a study's end leaves the page where the reader put it
      model.emit("presentation", false);
      model.emit("progress", { running: true, done: 0, total: 2 });
      model.emit("progress", { running: false, done: 2, total: 2 });
      expect(scrolled).toHaveLength(1);
      // the controls and the results are the lab's two parts, in that order
      expect([...root.querySelector(".wisp-lab-body")!.children].map((n) => n.className))
        .toEqual(["wisp-lab-setup", "wisp-lab-outcome"]);
    } finally {
      Element.prototype.scrollIntoView = had;
    }
  });

  it("says one deal as one deal, and a deal number past 2**53 as its digits", () => {
    const one = { ...summary(1, 0, 0), seeds: ["18446744073709551615", "18446744073709551615"] };
    const svg = barsSvg({ base: one });
    expect(svg).toContain("1 deal (deals 18446744073709551615-18446744073709551615) at 1,000 positions each");
  });
});

describe("a kernel that does not answer", () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it("is said after a request goes unanswered, and the kernel's words come back once it answers", () => {
    // After a kernel restart a teacher clicked Study and changed Build: nothing happened, nothing was said.
    vi.useFakeTimers();
    const { model, root } = drawn({ status: "Study stopped." });
    const status = root.querySelector<HTMLElement>(".wisp-lab-status")!;
    root.querySelector<HTMLButtonElement>("[data-action=study]")!.click();
    vi.advanceTimersByTime(KERNEL_SILENT_MS - 100);
    expect(status.textContent).toBe("Study stopped.");
    vi.advanceTimersByTime(200);
    expect(status.textContent).toBe(KERNEL_SILENT);
    expect(status.classList.contains("wisp-lab-status-error")).toBe(true);
    fromKernel(model, { type: "heard" });
    expect(status.textContent).toBe("Study stopped.");
    expect(status.classList.contains("wisp-lab-status-error")).toBe(false);
    const build = root.querySelector<HTMLSelectElement>("select[data-control=build]")!;
    build.value = build.options[build.options.length - 1]?.value ?? "";
    build.dispatchEvent(new Event("change"));  // a rule changed: answered by the kernel's ping reply
    expect(model.sent.at(-1)).toEqual({ type: "ping" });
    vi.advanceTimersByTime(KERNEL_SILENT_MS + 1);
    expect(status.textContent).toBe(KERNEL_SILENT);
  });

  it("is said at once when the kernel is gone (sending fails)", () => {
    const { model, root } = drawn();
    model.send = () => {
      throw new Error("Cannot send");
    };
    root.querySelector<HTMLButtonElement>("[data-action=study]")!.click();
    const status = root.querySelector<HTMLElement>(".wisp-lab-status")!;
    expect(status.textContent).toBe(KERNEL_GONE);
    expect(status.classList.contains("wisp-lab-status-error")).toBe(true);
  });

  it("is never said while the kernel answers", () => {
    vi.useFakeTimers();
    const { model, root } = drawn();
    const status = root.querySelector<HTMLElement>(".wisp-lab-status")!;
    root.querySelector<HTMLButtonElement>("[data-action=study]")!.click();
    vi.advanceTimersByTime(1000);
    model.emit("progress", { running: true, done: 0, total: 4 }); // a change is an answer too
    vi.advanceTimersByTime(10 * KERNEL_SILENT_MS);
    expect(status.textContent).toBe("");
  });
});
