/**
 * The rule-variant lab's view: a control per rule, a quick study with progress, and won / lost / unknown bars
 * with 95% Wilson intervals, the variant beside its base game. Python decides everything (which variant the
 * controls make, whether a result still applies); this file only draws the state and sends requests.
 */

import { KernelWatch } from "./kernel_watch";
import { listen } from "./local_model";
import { followTheme } from "./theme";

export interface Share {
  count: number;
  share: number;
  low: number;
  high: number;
}

export interface Summary {
  name: string;
  /** The game menu's short name (a lab variant's changes first); the name when absent. */
  label?: string;
  deals: number;
  max_positions: number;
  engine: string;
  won: Share;
  lost: Share;
  unknown: Share;
  winnable_low: number;
  winnable_high: number;
  /** The first and last deal studied; a number past 2**53 comes as its digits. */
  seeds?: (number | string)[];
}

interface LabModel {
  get(name: string): any;
  set(name: string, value: unknown): void;
  save_changes(): void;
  send(content: unknown): void;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  on(event: string, callback: (...args: any[]) => void): void;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  off(event: string, callback?: (...args: any[]) => void): void;
}

const OUTCOMES: [key: "won" | "lost" | "unknown", label: string, colour: string][] = [
  ["won", "proved won", "#2e7d32"],
  ["lost", "proved lost", "#c62828"],
  ["unknown", "unknown", "#9e9e9e"],
];

const percent = (v: number) => `${Math.round(100 * v)}%`;

function el(tag: string, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElement {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const child of children) node.append(child);
  return node;
}

/** Widest the bars are drawn (Presentation draws them wider: `barsSvg`'s `widest`); below `NARROW` each bar's
 * words go on their own line above it. */
export const BARS_WIDTH = 720; // the lab's own widest (variant_lab.css): drawn at the width shown, words at 13 px
const NARROW = 400;
/** The words' column beside the bars (wide): room for "winnable 100%-100% (95%)" in bold at `FONT` px. */
export const LABELS_WIDTH = 200;
/** The bars' words are the lab's own size (13 px), so a class reads them as well as the controls. */
export const FONT = 13;
/** Presentation: every word (and the bars) this many times larger, for the back row of a lecture room. */
export const PRESENT_SCALE = 1.6;
const ROLES = { base: "Base game", variant: "Variant" } as const;

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** `text` cut to about `room` pixels of `FONT`-px words, with an ellipsis when cut. */
function fitted(text: string, room: number): string {
  const most = Math.max(8, Math.floor(room / (0.6 * FONT)));
  return text.length <= most ? text : `${text.slice(0, most - 1).trimEnd()}…`;
}

/**
 * The bars of one study as SVG, `width` pixels wide: per game, a heading with its name ("Base game: Will o' the
 * Wisp", "Variant: any run moves — Will o' the Wisp"), one bar per outcome with its Wilson interval as a whisker
 * just under it, then the winnable share's range with the unknown deals counted both ways (proved won at the low
 * end, won at the high end): an all-unknown study reads "winnable 0-100%", never as a game nobody wins. Text and
 * whiskers take the page's colour (currentColor), so a dark theme reads as well as a light one. Narrower than
 * 400 px (a notebook beside its file browser), each row's words stand above its bar. `widest` is `BARS_WIDTH`
 * but in Presentation, where the lab takes the whole cell.
 */
export function barsSvg(results: Record<string, Summary>, width = BARS_WIDTH, widest = BARS_WIDTH): string {
  const rows = (["base", "variant"] as const).filter((k) => results[k]);
  if (!rows.length) return "";
  width = Math.round(Math.max(220, Math.min(widest, width)));
  const narrow = width < NARROW;
  const words = narrow ? FONT + 3 : 0, barH = FONT + 7, gap = 10, left = narrow ? 4 : LABELS_WIDTH;
  const rowH = words + barH, headH = FONT + 8;
  const first = results[rows[0]];
  const seeds = first.seeds ?? [];
  const from = seeds.length ? ` (deals ${seeds[0]}-${seeds[seeds.length - 1]})` : "";
  const budget = `${first.max_positions.toLocaleString("en")} position${first.max_positions === 1 ? "" : "s"}`;
  const caption = [`${first.deals.toLocaleString("en")} deal${first.deals === 1 ? "" : "s"}${from} at ${budget} each`,
    "whiskers: 95% intervals"];
  // with unknown deals a winnable range is not one interval: from all of them lost to all of them won
  const note = rows.some((k) => results[k].unknown.count > 0)
    ? ["* unknown deals as lost, then as won"] : [];
  const lines = [...(narrow ? caption : [caption.join("; ")]), ...note];
  const height = rows.length * (headH + 4 * rowH + gap) + lines.length * (FONT + 2) + 22;
  const x = (v: number) => left + v * (width - left - 10);
  const text = (y: number, content: string, weight = "", attrs = "", title = "") =>
    `<text x="4" y="${y}" font-size="${FONT}"${weight ? ` font-weight="${weight}"` : ""}${attrs}>${content}`
    + `${title ? `<title>${title}</title>` : ""}</text>`;
  // drawn at `width`, the lab's own width (variant_lab.css), so its words are the lab's size
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`
    + ` class="wisp-lab-bars"`
    + ` fill="currentColor" role="img" aria-label="${escapeXml(barsWords(results, rows)).replace(/"/g, "&quot;")}">`;
  let y = 4;
  for (const key of rows) {
    const s = results[key];
    const heading = `${ROLES[key]}: ${s.label || s.name}`;
    svg += text(y + FONT, escapeXml(fitted(heading, width - 8)), "700", ` data-heading="${key}"`, escapeXml(heading));
    y += headH;
    for (const [outcome, label, colour] of OUTCOMES) {
      const share = s[outcome];
      svg += text(y + (narrow ? words - 3 : barH - 6), `${label} ${share.count}/${s.deals}`);
      // The bar on top, its interval just under it (never drawn over the bar's colour), capped at both ends;
      // the next row's bar starts well below the whisker, so each whisker plainly belongs to the bar above it.
      const top = y + words + 1;
      svg += `<rect data-bar="${key}-${outcome}" x="${left}" y="${top}" width="${(x(share.share) - left).toFixed(1)}"`
        + ` height="9" fill="${colour}"/>`;
      const [lo, hi, wy] = [x(share.low).toFixed(1), x(share.high).toFixed(1), top + 12];
      svg += `<path data-interval="${key}-${outcome}" d="M${lo} ${wy - 3}V${wy + 1}M${lo} ${wy}H${hi}M${hi} ${wy - 3}V${wy + 1}"`
        + ` stroke="currentColor" stroke-width="1.2" fill="none"/>`;
      y += rowH;
    }
    const [low, high] = [s.winnable_low, s.winnable_high];
    const star = s.unknown.count > 0 ? "*" : "";
    svg += text(y + (narrow ? words - 3 : barH - 6), `winnable${star} ${percent(low)}-${percent(high)} (95%)`, "600");
    svg += `<rect data-range="${key}-winnable" x="${x(low).toFixed(1)}" y="${y + words + 2}" width="${Math.max(1, x(high) - x(low)).toFixed(1)}"`
      + ` height="10" fill="#43a047" fill-opacity="0.3" stroke="#43a047" stroke-width="1"/>`;
    y += rowH + gap;
  }
  svg += `<text x="${left}" y="${y + 6}" font-size="${FONT - 1}">0%</text>`;
  svg += `<text x="${width - 44}" y="${y + 6}" font-size="${FONT - 1}">100%</text>`;
  svg += `<text data-caption="" x="4" y="${y + 10 + FONT}" font-size="${FONT - 1}">`
    + lines.map((line, i) => `<tspan x="4" dy="${i ? FONT + 2 : 0}">${line}</tspan>`).join("") + "</text></svg>";
  return svg;
}

/** What the bars show, in words: the image's name for a screen reader (a role=img hides its texts), e.g.
 * "Won, lost and unknown deals with 95% intervals, 2 deals at 2,000 positions each. Base game: Mini Wisp: proved
 * won 1 of 2, proved lost 0 of 2, unknown 1 of 2, winnable 13% to 100%." */
export function barsWords(results: Record<string, Summary>, rows = (["base", "variant"] as const).filter((k) => results[k])): string {
  if (!rows.length) return "Won, lost and unknown deals with 95% intervals";
  const first = results[rows[0]];
  const head = `Won, lost and unknown deals with 95% intervals, ${first.deals.toLocaleString("en")} deal` +
    `${first.deals === 1 ? "" : "s"} at ${first.max_positions.toLocaleString("en")} position` +
    `${first.max_positions === 1 ? "" : "s"} each.`;
  const games = rows.map((key) => {
    const s = results[key];
    const counts = OUTCOMES.map(([outcome, label]) => `${label} ${s[outcome].count} of ${s.deals}`).join(", ");
    const both = s.unknown.count > 0 ? ", unknown deals counted as lost, then as won" : "";
    return `${ROLES[key]}: ${s.label || s.name}: ${counts}, winnable ${percent(s.winnable_low)} to ` +
      `${percent(s.winnable_high)} (95%${both}).`;
  });
  return [head, ...games].join(" ");
}

function select(name: string, choices: Record<string, string>, value: string): HTMLElement {
  const node = el("select", { "data-control": name });
  for (const [key, label] of Object.entries(choices)) {
    const option = el("option", { value: key }, label) as HTMLOptionElement;
    option.selected = key === value;
    node.append(option);
  }
  node.title = choices[value] ?? ""; // the whole choice, where a narrow cell cuts the menu short
  return node;
}

/** A number box: text, so that what is typed is what is sent (a number box would read "2.5" as a number, an
 * empty box as nothing, and 18446744073709551615 as 18446744073709551616); numeric keys on a phone. */
/** A box for a number, typed as text. Enter commits it as leaving the box does (a text box outside a form fires
 * no change on Enter): `commit` is called with what was typed, once for each new text. */
function numberBox(attrs: Record<string, string>, commit: (text: string) => void): HTMLInputElement {
  const input = el("input", { type: "text", inputmode: "numeric", autocomplete: "off", spellcheck: "false", ...attrs }) as HTMLInputElement;
  let committed: string | null = null;
  const go = () => {
    if (input.value === committed) return; // Enter, then leaving the box: one request
    committed = input.value;
    commit(input.value);
  };
  input.addEventListener("input", () => (committed = null)); // typed again: the same text may be sent again
  input.addEventListener("change", go);
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") go();
  });
  return input;
}

/** A rule's number as typed: a whole number as a number; anything else as the text itself, so the kernel's
 * refusal ("piles must be a whole number, not '2.5'") says what was typed, never a number made of it. */
export function typedRule(text: string): number | string {
  return /^\s*[+-]?\d{1,15}\s*$/.test(text) ? Number(text) : text.trim();
}

/** A running study's progress in words: "Base game: 7 of 20 deals studied". */
export function progressText(p: { which?: string; deal?: number; deals?: number }): string {
  const game = p.which === "base" ? "Base game" : "Variant";
  const deals = p.deals ?? 0;
  const done = (p.deal ?? 0).toLocaleString("en");
  return `${game}: ${done} of ${deals.toLocaleString("en")} deal${deals === 1 ? "" : "s"} studied`;
}

/** The shown value of a study setting (the first deal comes as digits: it may pass 2**53). */
const settingText = (value: unknown) => String(value ?? "");

export { KERNEL_SILENT_MS } from "./kernel_watch";
export const KERNEL_SILENT = "Waiting for the kernel: it is busy running a cell, or it was restarted (then run " +
  "this lab's cell again).";
export const KERNEL_GONE = "This lab has lost its kernel (restarted or shut down): run this lab's cell again.";

function render({ model, el: root }: { model: LabModel; el: HTMLElement }) {
  root.classList.add("wisp-lab");
  // Every request is answered (a "heard" message, or a change); a kernel restarted or busy answers none, and
  // the lab then says so rather than stay silent (a teacher clicked Study after a restart: nothing happened).
  const kernel = new KernelWatch((content) => model.send(content), () => showSilence(KERNEL_SILENT),
                                 () => showSilence(KERNEL_GONE));
  const request = (content: Record<string, unknown>) => void kernel.send(content);
  const heard = () => {
    kernel.heard();
    if (status.dataset.kind === "silent") drawStatus();
  };
  const theme = followTheme(root); // light or dark as the notebook is: the error colour is picked for each
  // A key pressed in the lab is its control's (a menu's arrows and letters, a box's digits), never the notebook's:
  // JupyterLab's command mode took a menu's arrow keys and letters (A added a cell). Tab, Escape and Shift+Enter
  // still reach it.
  const ownKeys = (event: KeyboardEvent) => {
    if (!event.ctrlKey && !event.metaKey && !event.altKey && !["Tab", "Escape"].includes(event.key) &&
        !(event.key === "Enter" && event.shiftKey)) event.stopPropagation();
  };
  root.addEventListener("keydown", ownKeys);
  const controlsBox = el("div", { class: "wisp-lab-controls" });
  const info = el("div", { class: "wisp-lab-info" });
  const settings = el("div", { class: "wisp-lab-settings" });
  const progress = el("progress", { class: "wisp-lab-progress", max: "1", value: "0" }) as HTMLProgressElement;
  const progressWords = el("div", { class: "wisp-lab-progress-words" }); // which game, and how many deals done
  const bars = el("div", { class: "wisp-lab-chart" });
  const status = el("div", { class: "wisp-lab-status", role: "status" });
  const json = el("textarea", { class: "wisp-lab-json", rows: "4", cols: "60", spellcheck: "false",
    placeholder: "Save JSON puts the variant here; paste a saved one and press Load JSON" }) as HTMLTextAreaElement;
  const jsonBox = el("label", { class: "wisp-lab-json-box" }, el("span", {}, "The variant as JSON (the wisp-game/1 format), to save or share"), json);
  const buttons = el("div", { class: "wisp-lab-buttons" });
  const button = (label: string, type: string) => {
    const b = el("button", { "data-action": type }, label) as HTMLButtonElement;
    b.addEventListener("click", () => {
      if (type === "present") {
        model.set("presentation", !model.get("presentation"));
        model.save_changes();
        request({ type: "ping" });
        applyPresentation();
      } else if (type === "load") request({ type, text: json.value });
      else if (type === "save") {
        json.value = model.get("game_json");
        json.select();
        navigator.clipboard?.writeText(json.value).catch(() => undefined);
        request({ type }); // the kernel says where it went, in the status line
      } else request({ type });
    });
    buttons.append(b);
    return b;
  };
  const studyButton = button("Study", "study");
  const cancelButton = button("Stop", "cancel"); // "Stop", as on the table (the kernel's lab.cancel())
  const playButton = button("Play this variant", "play");
  button("Reset", "reset");
  const saveButton = button("Save JSON", "save");
  button("Load JSON", "load");
  const presentButton = button("Presentation", "present");

  const setControl = (name: string, value: unknown) => {
    model.set("controls", { ...model.get("controls"), [name]: value });
    model.save_changes();
    request({ type: "ping" }); // answered once the kernel has taken the change
  };

  const drawControls = () => {
    const c = model.get("controls") ?? {};
    const o = model.get("options") ?? {};
    // Three groups, each laid out for its kind: the choices (long words) one to a line, the switches, the numbers.
    const choices = el("div", { class: "wisp-lab-choices" });
    const switches = el("div", { class: "wisp-lab-switches" });
    const numbers = el("div", { class: "wisp-lab-numbers" });
    controlsBox.replaceChildren(choices, switches, numbers);
    const row = (label: string, input: HTMLElement) => {
      const box = input.matches("input[type=checkbox]") ? switches : input.matches("select") ? choices : numbers;
      const node = input.matches("input[type=checkbox]") ? el("label", { class: "wisp-lab-row" }, input, el("span", {}, label))
        : el("label", { class: "wisp-lab-row" }, el("span", {}, label), input);
      box.append(node);
    };
    for (const [name, label] of [["movable", "Which cards move"], ["build", "Build"],
      ["empty_pile", "An empty pile takes"], ["stock", "The stock"], ["foundations", "Foundations"]]) {
      const s = select(name, o[name] ?? {}, c[name]);
      s.addEventListener("change", () => setControl(name, (s as HTMLSelectElement).value));
      row(label, s);
    }
    for (const [name, label] of [["deal_needs_no_empty_pile", "The stock waits while a pile is empty"],
      ["foundation_to_tableau", "Foundation cards may come back"],
      ["ace_between_foundations", "A lone Ace may change foundation"]]) {
      const box = el("input", { type: "checkbox", "data-control": name }) as HTMLInputElement;
      box.checked = Boolean(c[name]);
      box.disabled = name !== "deal_needs_no_empty_pile" && c.foundations !== "build-up-in-suit";
      box.addEventListener("change", () => setControl(name, box.checked));
      row(label, box);
    }
    for (const [name, label, lo, hi] of [["piles", "Piles", 1, 16], ["face_down", "Face down per pile", 0, 12],
      ["face_up", "Face up per pile", 1, 12], ["top_rank", "Top rank (13 = King)", 1, 13],
      ["copies", "Copies of the deck", 1, 8]] as [string, string, number, number][]) {
      const input = numberBox({ "data-control": name, title: `${lo} to ${hi}` }, (text) => setControl(name, typedRule(text)));
      input.value = String(c[name] ?? "");
      row(label, input);
    }
    const suits = el("span", { "data-control": "suits" });
    for (const [letter, symbol] of [["C", "♣"], ["D", "♦"], ["H", "♥"], ["S", "♠"]]) {
      const box = el("input", { type: "checkbox", value: letter }) as HTMLInputElement;
      box.checked = String(c.suits ?? "").includes(letter);
      box.addEventListener("change", () => {
        const now = String(model.get("controls").suits);
        setControl("suits", box.checked ? now + letter : now.replace(letter, ""));
      });
      suits.append(el("label", {}, box, el("span", { class: "DH".includes(letter) ? "wisp-lab-red" : "" }, symbol)));
    }
    numbers.append(el("div", { class: "wisp-lab-row" }, el("span", {}, "Suits"), suits));
  };

  // The study settings go to the kernel as typed; it sets them or refuses in one sentence that echoes the text
  // (then says "refused", and the box shows the setting the lab keeps). Boxes are made once and only their
  // values drawn again, so a change never takes the focus from the box being typed in.
  const settingBoxes = new Map<string, HTMLInputElement>();
  const shownSettings = new Map<string, string>();
  for (const [name, label] of [["deals", "Deals"], ["max_positions", "Search budget (positions per deal)"], ["first_seed", "First deal"]]) {
    const input = numberBox({ "data-setting": name }, (text) => request({ type: "setting", name, text }));
    settingBoxes.set(name, input);
    settings.append(el("label", { class: "wisp-lab-row" }, el("span", {}, label), input));
  }
  const drawSettings = () => {
    for (const [name, input] of settingBoxes) {
      const text = settingText(model.get(name));
      if (shownSettings.get(name) !== text) input.value = text;
      shownSettings.set(name, text);
    }
  };
  const onCustom = (content: unknown) => {
    const message = content as { type?: string; setting?: string } | null;
    heard();
    if (message?.type === "refused" && message.setting && settingBoxes.has(message.setting)) {
      settingBoxes.get(message.setting)!.value = settingText(model.get(message.setting));
    }
  };

  const drawInfo = () => {
    const v = model.get("variant") ?? {};
    info.replaceChildren();
    for (const b of [studyButton, playButton, saveButton]) b.disabled = Boolean(v.error);
    if (v.error) {
      info.append(el("div", { class: "wisp-lab-error", role: "alert" }, `Not a game yet: ${v.error}.`));
      return;
    }
    info.append(el("div", { class: "wisp-lab-name" }, v.name ?? ""));
    const changes = (v.changes ?? []) as string[];
    const said = changes.join("; ");
    if (!said || !String(v.name ?? "").includes(said)) // the lab's own names already say the changes
      info.append(el("div", { class: "wisp-lab-changes" }, said || "the base game's rules"));
    info.append(el("div", { class: "wisp-lab-solver" }, v.solver ?? ""));
  };

  let running = Boolean(model.get("progress")?.running);
  const drawProgress = () => {
    const p = model.get("progress") ?? {};
    // A study has just ended while presenting: its bars come into view (a projector's screen is short, and the
    // class is looking for them), moving the page no more than needed. (The kernel sets the results first.)
    if (running && !p.running && model.get("presentation") && model.get("results")?.variant && bars.isConnected)
      bars.scrollIntoView?.({ block: "nearest" });
    running = Boolean(p.running);
    progress.max = Math.max(1, p.total ?? 1);
    progress.value = p.done ?? 0;
    progress.hidden = !p.running;
    progressWords.hidden = !p.running;
    progressWords.textContent = p.running ? progressText(p) : "";
    cancelButton.disabled = !p.running;
    studyButton.disabled = Boolean(p.running) || Boolean((model.get("variant") ?? {}).error);
  };

  // The bars fit the lab's width (a notebook beside its file browser can be 300 px wide): drawn again when it
  // changes. Presenting, they are drawn for a width PRESENT_SCALE times smaller and shown at the lab's width, so
  // their words grow with the lab's; the lab then takes the cell's whole width, so they may pass BARS_WIDTH.
  // Presenting in a cell wide enough (variant_lab.css), the bars have a column of their own beside the controls:
  // their width is their column's, not the lab's.
  let barsWidth = 0;
  const widest = () => (model.get("presentation") ? Number.MAX_SAFE_INTEGER : BARS_WIDTH);
  const widthForBars = () => {
    const scale = model.get("presentation") ? PRESENT_SCALE : 1;
    return Math.floor(Math.min(widest(), (bars.clientWidth || root.clientWidth || BARS_WIDTH * scale) / scale));
  };
  const drawResults = () => {
    barsWidth = widthForBars();
    bars.innerHTML = barsSvg(model.get("results") ?? {}, barsWidth, widest());
  };
  const resized = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(() => {
    theme.check(); // first drawn, or moved: the page behind the lab can be read
    if (widthForBars() !== barsWidth) drawResults();
  });
  function applyPresentation(): void {
    const on = Boolean(model.get("presentation"));
    const entering = on && !root.classList.contains("wisp-lab-present");
    root.classList.toggle("wisp-lab-present", on);
    if (entering && root.isConnected) root.scrollIntoView?.({ block: "start" }); // the lab's top at the screen's
    presentButton.setAttribute("aria-pressed", String(on));
    drawResults();
  }
  resized?.observe(root);
  resized?.observe(bars); // its column's width changes as the layout switches between one column and two

  // A refusal or a failure is drawn in the error style (variant_lab.css), not as the lab's usual words.
  const showSilence = (words: string) => {
    status.textContent = words;
    status.classList.add("wisp-lab-status-error");
    status.dataset.kind = "silent";
  };
  const drawStatus = () => {
    status.textContent = model.get("status") ?? "";
    const error = model.get("status_kind") === "error" && Boolean(status.textContent);
    status.classList.toggle("wisp-lab-status-error", error);
    if (error) status.dataset.kind = "error";
    else delete status.dataset.kind;
  };

  // What sets up a study, and what it found: one column, or side by side when presenting in a wide cell.
  const setup = el("div", { class: "wisp-lab-setup" }, controlsBox, info, settings, buttons);
  const outcome = el("div", { class: "wisp-lab-outcome" }, progress, progressWords, bars, status);
  root.replaceChildren(el("div", { class: "wisp-lab-body" }, setup, outcome), jsonBox);
  drawControls(); drawSettings(); drawInfo(); drawProgress(); applyPresentation(); drawStatus();
  model.on("msg:custom", onCustom);
  globalThis.requestAnimationFrame?.(() => theme.check()); // attached by now: the page behind the lab is known
  model.on("change", heard); // anything the kernel sends is an answer: it is alive
  const unlisten = listen(model, [
    ["change:controls", drawControls],
    ["change:options", drawControls],
    ["change:variant", drawInfo],
    ["change:progress", drawProgress],
    ["change:results", drawResults],
    ["change:status", drawStatus],
    ["change:status_kind", drawStatus],
    ["change:presentation", applyPresentation],
    ...["deals", "max_positions", "first_seed"].map((name): [string, () => void] => [`change:${name}`, drawSettings]),
  ]);
  return () => {
    unlisten();
    root.removeEventListener("keydown", ownKeys);
    model.off("change", heard);
    kernel.stop();
    model.off("msg:custom", onCustom);
    resized?.disconnect();
    theme.dispose();
  };
}

export default { render };
