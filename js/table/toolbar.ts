/**
 * The toolbar: the game menu and the everyday actions in one row (Hint gives its place to Stop while anything
 * searches or plays by itself: the one control that stops it, always in view at the table's top); the rest
 * (deal number, Winnable, Restart, Fair hint, Solve, Watch, Review, Daily deal, Statistics, Keys) inline when
 * there is room, behind "More" when not.
 * Choosing a game deals it at once; the deal-number box deals on Enter and clears; Winnable is sent at once.
 */
import { h } from "../local_model";
import type { GameEntry } from "../types";
import { gameLabels } from "./words";

export const CONTROLS: [label: string, action: string, primary: boolean][] = [
  ["New deal", "new_deal", true],
  ["Undo", "undo", true],
  ["Redo", "redo", true],
  ["Hint", "hint", true],
  ["Stop", "stop", true], // in Hint's place while anything searches or plays by itself (view.ts)
  ["Restart", "restart", false],
  ["Fair hint", "fair_hint", false],
  ["Solve", "solve", false],
  ["Watch", "watch", false],
  ["Review", "review", false],
  ["Daily deal", "daily", false],
  ["Statistics", "stats", false],
  ["Keys", "keys", false],
];

/** Shorter visible text where the accessible name is long (the row then fits a wider range of cells). */
const SHORT: Record<string, string> = { daily: "Daily", stats: "Stats", keys: "?" };

const TITLES: Record<string, string> = {
  hint: "Hint looks at every card, as the solver does (H)",
  stop: "Stop what is searching or playing by itself",
  fair_hint: "Fair hint sees only what you see: it never peeks at hidden cards",
  watch: "Watch the no-peek player play: it sees only what you see",
  review: "Where did I lose? The solver replays the moves played and names the first one after which the game could not be won",
  undo: "Undo (U, Ctrl+Z)",
  redo: "Redo (R, Ctrl+Y)",
  keys: "Keyboard keys (? or F1)",
  stats: "Statistics of this game",
  daily: "The daily deal: a proved-winnable deal chosen from the date",
};

export interface ToolbarHost {
  action(action: string): void;
  focusTable(): void;
  chooseGame(game: string, variant: string): void;
  dealNumber(seed: string): void;
  notADealNumber(): void;
  winnable(value: boolean): void;
}

export class Toolbar {
  el: HTMLElement;
  game: HTMLSelectElement;
  seed: HTMLInputElement;
  winnableBox: HTMLInputElement;
  buttons: Record<string, HTMLButtonElement> = {};
  main!: HTMLElement; // the game menu and the buttons always shown
  private more: HTMLButtonElement;
  private extra: HTMLElement;

  constructor(doc: Document, host: ToolbarHost) {
    this.el = h(doc, "div", "ww-toolbar");
    this.game = h(doc, "select", "ww-game");
    this.game.setAttribute("aria-label", "Game");
    this.game.addEventListener("change", () => {
      const [game, variant] = this.game.value.split("/");
      host.chooseGame(game, variant);
    });
    this.seed = h(doc, "input", "ww-seed");
    this.seed.type = "number";
    this.seed.min = "0";
    this.seed.placeholder = "deal #";
    this.seed.setAttribute("aria-label", "Deal number");
    this.seed.addEventListener("keydown", (event) => {
      event.stopPropagation(); // typing a number is not a table key
      if (event.key !== "Enter") return;
      event.preventDefault(); // the Enter must not go on to press the button a dialog this may open gives the focus
      this.useSeed(host);
    });
    const winnable = h(doc, "label", "ww-winnable");
    this.winnableBox = h(doc, "input");
    this.winnableBox.type = "checkbox";
    this.winnableBox.setAttribute("aria-label", "Winnable");
    this.winnableBox.title = "New deals are ones the solver has proved winnable";
    this.winnableBox.addEventListener("change", () => host.winnable(this.winnableBox.checked));
    winnable.append(this.winnableBox, doc.createTextNode(" Winnable"));

    const main = (this.main = h(doc, "div", "ww-tools-main"));
    this.extra = h(doc, "div", "ww-tools-more");
    this.extra.id = `ww-more-${Math.random().toString(36).slice(2, 8)}`;
    for (const [label, action, primary] of CONTROLS) {
      const b = h(doc, "button", `ww-button ww-${action}`, SHORT[action] ?? label);
      b.type = "button";
      b.setAttribute("aria-label", label);
      b.dataset.action = action;
      if (TITLES[action]) b.title = TITLES[action];
      b.toggleAttribute("data-off", action === "stop"); // until something searches or plays by itself
      b.addEventListener("click", (event) => {
        event.stopPropagation();
        if (b.dataset.action === "new_deal" && this.seed.value !== "") this.useSeed(host);
        else host.action(b.dataset.action ?? action);
        if (!primary) this.open(false);
        // clicked with the pointer: the table's keys go on working (a greyed-out or hidden button would drop
        // the focus on the page, where the notebook takes D D as "delete this cell")
        if (event.detail > 0 && action !== "keys" && action !== "stats") host.focusTable();
      });
      this.buttons[action] = b;
      (primary ? main : this.extra).append(b);
    }
    // Hint and Stop share one place, as wide as the wider of the two: swapping them moves nothing (showStop)
    const slot = h(doc, "span", "ww-hint-slot");
    main.insertBefore(slot, this.buttons.hint);
    slot.append(this.buttons.hint, this.buttons.stop);
    this.extra.prepend(this.seed, winnable);
    this.more = h(doc, "button", "ww-button ww-more", "More \u25be");
    this.more.type = "button";
    this.more.setAttribute("aria-label", "More");
    this.more.setAttribute("aria-haspopup", "true");
    this.more.setAttribute("aria-expanded", "false");
    this.more.setAttribute("aria-controls", this.extra.id);
    this.more.addEventListener("click", (event) => {
      event.stopPropagation();
      this.open(!this.extra.classList.contains("ww-open"));
    });
    main.prepend(this.game);
    main.append(this.more);
    this.el.append(main, this.extra);
  }

  /** Stop in Hint's place while anything searches or plays by itself; Hint back once it is over. */
  showStop(on: boolean): void {
    this.buttons.stop.toggleAttribute("data-off", !on);
    this.buttons.hint.toggleAttribute("data-off", on);
  }

  open(on: boolean): void {
    this.extra.classList.toggle("ww-open", on);
    this.more.setAttribute("aria-expanded", String(on));
  }

  get isOpen(): boolean {
    return this.extra.classList.contains("ww-open");
  }

  private useSeed(host: ToolbarHost): void {
    const raw = this.seed.value.trim();
    if ((raw !== "" && !/^[0-9]+$/.test(raw)) || this.seed.validity.badInput) {
      host.notADealNumber(); // the box keeps what was typed, to be mended
      return;
    }
    this.seed.value = "";
    // the digits as typed, never through a float (which would turn 12345678901234567 into ...68); the kernel says
    // whether such a deal exists
    if (raw !== "") host.dealNumber(raw.replace(/^0+(?=[0-9])/, ""));
    this.open(false);
  }

  setGames(games: GameEntry[], current: string): void {
    const labels = gameLabels(games);
    const values = games.map((g) => `${g.game}/${g.variant}`);
    const same = this.game.options.length === games.length && values.every((v, i) => this.game.options[i].value === v
      && this.game.options[i].textContent === labels[i]);
    if (!same) {
      const doc = this.el.ownerDocument;
      this.game.replaceChildren(...games.map((g, i) => {
        const option = h(doc, "option", "", labels[i]);
        option.value = values[i];
        option.title = g.name; // the whole name: the label may be short ("Mini Wisp (A-6 ♠♥)")
        return option;
      }));
    }
    if (values.includes(current)) this.game.value = current;
    this.game.title = games[values.indexOf(current)]?.name ?? ""; // the whole name, where the menu cuts it short
  }
}
