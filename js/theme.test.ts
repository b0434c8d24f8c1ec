// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { followTheme, luminance, pageIsDark, parseRgb } from "./theme";

afterEach(() => document.body.replaceChildren());

function inside(background: string): HTMLElement {
  const page = document.createElement("div");
  page.style.backgroundColor = background;
  const el = document.createElement("div");
  page.append(el);
  document.body.append(page);
  return el;
}

describe("the page's theme", () => {
  it("reads computed colours, and nothing else", () => {
    expect(parseRgb("rgb(17, 17, 17)")).toEqual([17, 17, 17, 1]);
    expect(parseRgb("rgba(0, 0, 0, 0)")).toEqual([0, 0, 0, 0]);
    expect(parseRgb("rgb(255 255 255 / 50%)")).toEqual([255, 255, 255, 0.5]);
    expect(parseRgb("color(srgb 0.0941176 0.109804 0.101961)")?.map(Math.round)).toEqual([24, 28, 26, 1]); // marimo
    expect(parseRgb("oklch(0.2 0 0)")).toBeNull(); // painted on a canvas instead, where there is one
    expect(luminance([255, 255, 255])).toBeCloseTo(1);
    expect(luminance([0, 0, 0])).toBe(0);
  });

  it("is dark on a dark background and light on a light one, whatever the browser prefers", () => {
    expect(pageIsDark(inside("rgb(17, 17, 17)"))).toBe(true); // JupyterLab's dark page
    expect(pageIsDark(inside("rgb(30, 30, 30)"))).toBe(true);
    expect(pageIsDark(inside("rgb(255, 255, 255)"))).toBe(false);
    expect(pageIsDark(inside("rgb(232, 239, 233)"))).toBe(false);
  });

  it("looks past transparent boxes, and out of a shadow root to its host", () => {
    const host = inside("rgb(20, 20, 24)");
    const clear = document.createElement("div");
    clear.style.backgroundColor = "rgba(255, 255, 255, 0.1)"; // a faint wash is not the page
    host.append(clear);
    const shadow = clear.attachShadow({ mode: "open" });
    const el = document.createElement("div");
    shadow.append(el);
    expect(pageIsDark(el)).toBe(true);
  });

  it("marks the element, and again when the page's theme changes", async () => {
    const el = inside("rgb(255, 255, 255)");
    const theme = followTheme(el);
    expect(el.dataset.wwTheme).toBe("light");
    (el.parentElement as HTMLElement).style.backgroundColor = "rgb(10, 10, 10)";
    document.body.classList.add("dark"); // marimo's switch: the page's class changes
    await new Promise((done) => setTimeout(done, 200));
    expect(el.dataset.wwTheme).toBe("dark");
    theme.dispose();
    document.body.classList.remove("dark");
  });
});
