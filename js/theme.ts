/**
 * Light or dark, as the page around a widget is drawn: the notebook's theme (JupyterLab's, marimo's, VS Code's)
 * decides, not the browser's colour-scheme preference, which a notebook's own theme may contradict (marimo set
 * to dark on a computer set to light). The first opaque background behind the widget is read, across a shadow
 * root; where none is (a page without backgrounds, or not yet attached), the browser's preference.
 */

type Rgba = [number, number, number, number];

const alphaOf = (text: string | undefined) => (text === undefined ? 1 : text.endsWith("%") ? parseFloat(text) / 100 : parseFloat(text));

/** sRGB channels (0-255) and alpha of a computed colour: `rgb()`, `rgba()` or `color(srgb ...)` (marimo's
 * theme); null for any other form. */
export function parseRgb(colour: string): Rgba | null {
  const text = colour.trim();
  const rgb = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(text);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), alphaOf(rgb[4])];
  const srgb = /^color\(srgb\s+([\d.e-]+)\s+([\d.e-]+)\s+([\d.e-]+)(?:\s*\/\s*([\d.]+%?))?\s*\)$/.exec(text);
  if (srgb) return [255 * Number(srgb[1]), 255 * Number(srgb[2]), 255 * Number(srgb[3]), alphaOf(srgb[4])];
  return null;
}

/** Any CSS colour as sRGB, by painting it (oklch, lab, ...); null where there is no canvas. */
function painted(doc: Document, colour: string): Rgba | null {
  try {
    const ctx = doc.createElement("canvas").getContext("2d", { willReadFrequently: true });
    if (!ctx) return null;
    ctx.fillStyle = colour;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  } catch {
    return null;
  }
}

/** Relative luminance (WCAG) of sRGB channels 0-255. */
export function luminance([r, g, b]: readonly number[]): number {
  const lin = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** Below this luminance a background is dark (about 50 on CIE L*, mid-grey). */
const DARK_BELOW = 0.18;

function parentOf(node: Element): Element | null {
  return node.parentElement ?? ((node.getRootNode() as ShadowRoot).host || null);
}

/** Whether the page behind `el` is dark. */
export function pageIsDark(el: Element): boolean {
  const win = el.ownerDocument.defaultView;
  for (let node = parentOf(el); node && win; node = parentOf(node)) {
    const colour = win.getComputedStyle(node).backgroundColor;
    const rgba = parseRgb(colour) ?? painted(el.ownerDocument, colour);
    if (rgba && rgba[3] >= 0.5) return luminance(rgba) < DARK_BELOW;
  }
  return Boolean(win?.matchMedia?.("(prefers-color-scheme: dark)").matches);
}

/**
 * Keep `el.dataset.wwTheme` ("light" or "dark") the page's, now and as it changes: a theme is switched by the
 * page's attributes (JupyterLab's `data-jp-theme-light`, marimo's and VS Code's classes) and its style sheets
 * follow a little later, so the page is read again at once and once they have loaded; also when the browser's
 * preference changes. `check()` reads it again (the widget has been attached); the returned `dispose` stops.
 */
export function followTheme(el: HTMLElement): { check: () => void; dispose: () => void } {
  const doc = el.ownerDocument;
  const win = doc.defaultView;
  const check = () => {
    const theme = pageIsDark(el) ? "dark" : "light";
    if (el.dataset.wwTheme !== theme) el.dataset.wwTheme = theme;
  };
  const timers: ReturnType<typeof setTimeout>[] = [];
  const soon = () => {
    check();
    for (const ms of [150, 800]) timers.push(setTimeout(check, ms));
    if (timers.length > 8) timers.splice(0, timers.length - 8).forEach(clearTimeout);
  };
  const observer = typeof MutationObserver === "undefined" ? undefined : new MutationObserver(soon);
  for (const node of [doc.documentElement, doc.body]) {
    if (node) observer?.observe(node, { attributes: true, attributeFilter: ["class", "style", "data-jp-theme-light", "data-theme", "data-vscode-theme-kind"] });
  }
  const scheme = win?.matchMedia?.("(prefers-color-scheme: dark)");
  scheme?.addEventListener?.("change", soon);
  check();
  return {
    check,
    dispose: () => {
      observer?.disconnect();
      scheme?.removeEventListener?.("change", soon);
      timers.forEach(clearTimeout);
    },
  };
}
