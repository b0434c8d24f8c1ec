/**
 * The rule-variant lab's view: a control per rule, a quick study with progress, and won / lost / unknown bars
 * with 95% Wilson intervals, the variant beside its base game. Python decides everything (which variant the
 * controls make, whether a result still applies); this file only draws the state and sends requests.
 */

import { listen } from "./local_model";

export interface Share {
  count: number;
  share: number;
  low: number;
  high: number;
}

export interface Summary {
  name: string;
  deals: number;
  max_positions: number;
  engine: string;
  won: Share;
  lost: Share;
  unknown: Share;
  winnable_low: number;
  winnable_high: number;
}

interface LabModel {
  get(name: string): any;
  set(name: string, value: unknown): void;
  save_changes(): void;
  send(content: unknown): void;
  on(event: string, callback: () => void): void;
  off(event: string, callback?: () => void): void;
}

const OUTCOMES: [key: "won" | "lost" | "unknown", label: string, colour: string][] = [
  ["won", "won", "#2e7d32"],
  ["lost", "lost", "#c62828"],
  ["unknown", "unknown", "#9e9e9e"],
];

function el(tag: string, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElement {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const child of children) node.append(child);
  return node;
}

/** The bars of one study as an SVG group of rows: one bar per outcome, its Wilson interval as a whisker. */
export function barsSvg(results: Record<string, Summary>): string {
  const rows = (["base", "variant"] as const).filter((k) => results[k]);
  const width = 420, rowH = 16, gap = 6, left = 150;
  const height = rows.length * (3 * rowH + gap) + 20;
  const x = (v: number) => left + v * (width - left - 10);
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" class="wisp-lab-bars">`;
  let y = 4;
  for (const key of rows) {
    const s = results[key];
    for (const [outcome, label, colour] of OUTCOMES) {
      const share = s[outcome];
      const name = `${key === "base" ? "base" : "variant"}: ${label}`;
      svg += `<text x="4" y="${y + rowH - 4}" font-size="11">${name} ${share.count}/${s.deals}</text>`;
      svg += `<rect data-bar="${key}-${outcome}" x="${left}" y="${y + 2}" width="${(x(share.share) - left).toFixed(1)}"`
        + ` height="${rowH - 4}" fill="${colour}"/>`;
      svg += `<line x1="${x(share.low).toFixed(1)}" x2="${x(share.high).toFixed(1)}" y1="${y + rowH / 2}"`
        + ` y2="${y + rowH / 2}" stroke="#000" stroke-width="1.5"/>`;
      y += rowH;
    }
    y += gap;
  }
  svg += `<text x="${left}" y="${height - 4}" font-size="10">0%</text>`;
  svg += `<text x="${width - 40}" y="${height - 4}" font-size="10">100%</text></svg>`;
  return svg;
}

function select(name: string, choices: Record<string, string>, value: string): HTMLElement {
  const node = el("select", { "data-control": name });
  for (const [key, label] of Object.entries(choices)) {
    const option = el("option", { value: key }, label) as HTMLOptionElement;
    option.selected = key === value;
    node.append(option);
  }
  return node;
}

function render({ model, el: root }: { model: LabModel; el: HTMLElement }) {
  root.classList.add("wisp-lab");
  const controlsBox = el("div", { class: "wisp-lab-controls" });
  const info = el("div", { class: "wisp-lab-info" });
  const settings = el("div", { class: "wisp-lab-settings" });
  const progress = el("progress", { class: "wisp-lab-progress", max: "1", value: "0" }) as HTMLProgressElement;
  const bars = el("div", { class: "wisp-lab-chart" });
  const status = el("div", { class: "wisp-lab-status", role: "status" });
  const json = el("textarea", { class: "wisp-lab-json", rows: "4", cols: "60", spellcheck: "false" }) as HTMLTextAreaElement;
  const buttons = el("div", { class: "wisp-lab-buttons" });
  const button = (label: string, type: string) => {
    const b = el("button", { "data-action": type }, label) as HTMLButtonElement;
    b.addEventListener("click", () => {
      if (type === "load") model.send({ type, text: json.value });
      else if (type === "save") {
        json.value = model.get("game_json");
        json.select();
        navigator.clipboard?.writeText(json.value).catch(() => undefined);
      } else model.send({ type });
    });
    buttons.append(b);
    return b;
  };
  const studyButton = button("Study", "study");
  const cancelButton = button("Cancel", "cancel");
  button("Play this variant", "play");
  button("Reset", "reset");
  button("Save JSON", "save");
  button("Load JSON", "load");

  const setControl = (name: string, value: unknown) => {
    model.set("controls", { ...model.get("controls"), [name]: value });
    model.save_changes();
  };

  const drawControls = () => {
    const c = model.get("controls") ?? {};
    const o = model.get("options") ?? {};
    controlsBox.replaceChildren();
    const row = (label: string, input: HTMLElement) =>
      controlsBox.append(el("label", { class: "wisp-lab-row" }, el("span", {}, label), input));
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
      const input = el("input", { type: "number", min: String(lo), max: String(hi), "data-control": name }) as HTMLInputElement;
      input.value = String(c[name]);
      input.addEventListener("change", () => setControl(name, Number(input.value)));
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
      suits.append(el("label", {}, box, symbol));
    }
    row("Suits", suits);
  };

  const drawSettings = () => {
    settings.replaceChildren();
    for (const [name, label] of [["deals", "Deals"], ["max_positions", "Positions per deal"], ["first_seed", "First deal"]]) {
      const input = el("input", { type: "number", min: name === "first_seed" ? "0" : "1", "data-setting": name }) as HTMLInputElement;
      input.value = String(model.get(name));
      input.addEventListener("change", () => {
        model.set(name, Math.max(name === "first_seed" ? 0 : 1, Math.floor(Number(input.value) || 0)));
        model.save_changes();
      });
      settings.append(el("label", { class: "wisp-lab-row" }, el("span", {}, label), input));
    }
  };

  const drawInfo = () => {
    const v = model.get("variant") ?? {};
    info.replaceChildren();
    if (v.error) {
      info.append(el("div", { class: "wisp-lab-error" }, `Not a game: ${v.error}`));
      studyButton.disabled = true;
      return;
    }
    studyButton.disabled = false;
    info.append(el("div", { class: "wisp-lab-name" }, v.name ?? ""));
    const changes = (v.changes ?? []) as string[];
    info.append(el("div", { class: "wisp-lab-changes" }, changes.length ? changes.join("; ") : "the base game's rules"));
    info.append(el("div", { class: "wisp-lab-solver" }, v.solver ?? ""));
  };

  const drawProgress = () => {
    const p = model.get("progress") ?? {};
    progress.max = Math.max(1, p.total ?? 1);
    progress.value = p.done ?? 0;
    progress.hidden = !p.running;
    cancelButton.disabled = !p.running;
  };

  const drawResults = () => {
    bars.innerHTML = barsSvg(model.get("results") ?? {});
  };

  const drawStatus = () => { status.textContent = model.get("status") ?? ""; };

  root.replaceChildren(controlsBox, info, settings, buttons, progress, bars, status, json);
  drawControls(); drawSettings(); drawInfo(); drawProgress(); drawResults(); drawStatus();
  return listen(model, [
    ["change:controls", drawControls],
    ["change:options", drawControls],
    ["change:variant", drawInfo],
    ["change:progress", drawProgress],
    ["change:results", drawResults],
    ["change:status", drawStatus],
    ...["deals", "max_positions", "first_seed"].map((name): [string, () => void] => [`change:${name}`, drawSettings]),
  ]);
}

export default { render };
