/**
 * The table view. It draws the public state the engine sends and turns clicks,
 * drags and keys into requests; it never decides whether a move is legal. Drag
 * targets come from the `legal` list the engine sends with every state.
 */
import { cardName, faceDown, faceUp, slot, SUIT_SYMBOL } from "./cards";
import { pileOffsets } from "./layout";
import { h } from "./local_model";
import type { Message, Model, Request, TableState } from "./types";

const VERSIONED = new Set(["click", "move", "deal", "undo", "redo"]);
const QUEUEABLE = new Set(["deal", "undo", "redo"]);
const DRAG_THRESHOLD = 6;

export const CONTROLS: [label: string, action: string][] = [
  ["New deal", "new_deal"],
  ["Restart", "restart"],
  ["Undo", "undo"],
  ["Redo", "redo"],
  ["Hint", "hint"],
  ["Fair hint", "fair_hint"],
  ["Solve", "solve"],
  ["Watch", "watch"],
  ["Daily deal", "daily"],
];

interface Drag {
  pile: string;
  count: number;
  startX: number;
  startY: number;
  pointerId: number;
  ghost?: HTMLElement;
  targets: Set<string>;
}

interface Cursor {
  pile: number; // index into the tableau
  count: number; // cards from the top
  holding?: { pile: string; count: number };
}

/** Build the table inside `el`; returns the clean-up function. */
export function createTable(model: Model, el: HTMLElement): () => void {
  const doc = el.ownerDocument;
  const viewOnly = Boolean(model.get("view_only"));
  const root = h(doc, "div", "ww-root");
  root.tabIndex = 0;
  root.setAttribute("role", "application");
  root.setAttribute("aria-label", "Solitaire table");
  root.setAttribute("aria-roledescription", "solitaire table; arrows move, Enter plays, Space picks up, D deals");

  const toolbar = h(doc, "div", "ww-toolbar");
  const gameSelect = h(doc, "select", "ww-game");
  gameSelect.setAttribute("aria-label", "Game");
  const seedInput = h(doc, "input", "ww-seed");
  seedInput.type = "number";
  seedInput.min = "0";
  seedInput.placeholder = "deal #";
  seedInput.setAttribute("aria-label", "Deal number");
  const winnableLabel = h(doc, "label", "ww-winnable");
  const winnableBox = h(doc, "input");
  winnableBox.type = "checkbox";
  winnableBox.setAttribute("aria-label", "Winnable");
  winnableLabel.append(winnableBox, doc.createTextNode(" Winnable"));
  const buttons: Record<string, HTMLButtonElement> = {};
  for (const [label, action] of CONTROLS) {
    const button = h(doc, "button", `ww-button ww-${action}`, label);
    button.type = "button";
    button.setAttribute("aria-label", label);
    button.dataset.action = action;
    if (action === "hint") button.title = "Hint looks at every card, as the solver does";
    if (action === "fair_hint") button.title = "Fair hint sees only what you see: it never peeks at hidden cards";
    if (action === "watch") button.title = "Watch the no-peek player play: it sees only what you see";
    buttons[action] = button;
  }
  toolbar.append(gameSelect, seedInput, winnableLabel, ...Object.values(buttons));

  const top = h(doc, "div", "ww-top");
  const tableau = h(doc, "div", "ww-tableau");
  const status = h(doc, "div", "ww-status");
  status.setAttribute("role", "status");
  const live = h(doc, "div", "ww-live");
  live.setAttribute("aria-live", "assertive");
  const banner = h(doc, "div", "ww-banner", "You won!");
  banner.hidden = true;
  if (!viewOnly) root.append(toolbar);
  root.append(top, tableau, status, live, banner);
  el.append(root);

  let state: TableState = model.get("table");
  let drag: Drag | null = null;
  let suppressClick = false;
  const cursor: Cursor = { pile: 0, count: 1 };

  // -- requests -------------------------------------------------------------------

  // A request made on the state the player sees carries its version. While one is awaiting the engine's
  // answer, deal/undo/redo (which do not depend on where cards are) wait for it and then go with the new
  // version, so a quick "deal, undo" is not refused as stale. Clicks and drags are never queued.
  let pending = false;
  const queue: Request[] = [];

  function send(request: Request): void {
    if (viewOnly) return;
    if (pending && QUEUEABLE.has(request.type)) {
      queue.push(request);
      return;
    }
    if (VERSIONED.has(request.type)) {
      request.version = state.version;
      pending = true;
    }
    model.send(request);
  }

  function answered(): void {
    pending = false;
    const next = queue.shift();
    if (next) send(next);
  }

  function targetsOf(pile: string, count: number): Set<string> {
    return new Set(state.legal.filter(([s, , c]) => s === pile && c === count).map(([, t]) => t));
  }

  // -- drawing ----------------------------------------------------------------------

  function drawPile(id: string, cards: HTMLElement[], down: number, label: string): HTMLElement {
    const pile = h(doc, "div", "ww-pile");
    pile.dataset.pile = id;
    pile.setAttribute("role", "group");
    pile.setAttribute("aria-label", label);
    const offsets = pileOffsets(down, cards.length - down);
    if (cards.length === 0) pile.append(slot(id.startsWith("t") ? "" : " ", doc));
    cards.forEach((card, i) => {
      card.style.setProperty("--ww-y", String(offsets[i]));
      card.dataset.index = String(i);
      pile.append(card);
    });
    const height = cards.length ? offsets[offsets.length - 1] + 1 : 1;
    pile.style.setProperty("--ww-h", String(height));
    return pile;
  }

  function drawTop(): void {
    top.replaceChildren();
    const stock = h(doc, "div", "ww-pile ww-stock-pile");
    stock.dataset.pile = "stock";
    const deals = state.stock.action === "deal" ? `${state.stock.deals_left} deals left` : `${state.stock.count} cards`;
    stock.setAttribute("role", "button");
    stock.setAttribute("aria-label", `Stock, ${deals}`);
    stock.append(state.stock.count ? faceDown(undefined, doc) : slot("\u21ba", doc));
    const badge = h(doc, "span", "ww-badge", state.stock.action === "deal" ? String(state.stock.deals_left) : String(state.stock.count));
    stock.append(badge);
    top.append(stock);
    if (state.has_waste) {
      const waste = state.waste.slice(-3).map((c) => faceUp(c, doc));
      const pile = drawPile("waste", waste, 0, `Waste, ${state.waste.length} cards`);
      pile.classList.add("ww-waste");
      top.append(pile);
    }
    const spacer = h(doc, "div", "ww-spacer");
    top.append(spacer);
    if (state.family === "forty" && state.foundations) {
      state.foundations.forEach((cards, i) => {
        const shown = cards.length ? [faceUp(cards[cards.length - 1], doc)] : [];
        const pile = drawPile(`f${i}`, shown, 0, `Foundation ${i + 1}, ${cards.length} cards`);
        pile.classList.add("ww-foundation");
        top.append(pile);
      });
    } else {
      const finished = state.finished ?? [];
      for (let i = 0; i < (state.runs_total ?? 0); i++) {
        const holder = h(doc, "div", "ww-pile ww-foundation ww-run");
        holder.dataset.pile = `f${i}`;
        const suit = finished[i];
        holder.setAttribute("aria-label", suit ? `Finished run of ${suit}` : "No finished run yet");
        const topCard = "A23456789TJQK"[(state.top_rank || 13) - 1];
        holder.append(suit ? faceUp(`${topCard}${suit}`, doc) : slot(SUIT_SYMBOL.S, doc));
        top.append(holder);
      }
    }
  }

  function drawTableau(): void {
    tableau.replaceChildren();
    tableau.style.setProperty("--ww-piles", String(state.tableau.length));
    state.tableau.forEach((pileState, i) => {
      const cards: HTMLElement[] = [];
      for (let d = 0; d < pileState.down; d++) cards.push(faceDown(pileState.hidden?.[d], doc));
      for (const card of pileState.up) cards.push(faceUp(card, doc));
      const label = `Pile ${i + 1}, ${pileState.down} face down, ${pileState.up.length} face up` +
        (pileState.up.length ? `, top ${cardName(pileState.up[pileState.up.length - 1])}` : ", empty");
      tableau.append(drawPile(`t${i}`, cards, pileState.down, label));
    });
  }

  function markHint(): void {
    const hint = model.get("hint_move") as { from?: string; to?: string; count?: number };
    root.querySelectorAll(".ww-hint").forEach((node) => node.classList.remove("ww-hint"));
    if (!hint || !hint.from) return;
    const source = root.querySelector(`[data-pile="${hint.from}"]`);
    const target = root.querySelector(`[data-pile="${hint.to}"]`);
    if (source) {
      const cards = source.querySelectorAll(".ww-face");
      const count = hint.count ?? 1;
      for (let i = Math.max(0, cards.length - count); i < cards.length; i++) cards[i].classList.add("ww-hint");
      if (hint.from === "stock") source.classList.add("ww-hint");
    }
    target?.classList.add("ww-hint");
  }

  function markCursor(): void {
    root.querySelectorAll(".ww-cursor, .ww-held").forEach((node) => node.classList.remove("ww-cursor", "ww-held"));
    const pile = tableau.children[cursor.pile] as HTMLElement | undefined;
    if (!pile || doc.activeElement !== root) return;
    pile.classList.add("ww-cursor");
    if (cursor.holding) {
      const held = root.querySelector(`[data-pile="${cursor.holding.pile}"]`);
      const cards = held?.querySelectorAll(".ww-face") ?? [];
      for (let i = Math.max(0, cards.length - cursor.holding.count); i < cards.length; i++) cards[i].classList.add("ww-held");
    }
  }

  function drawControls(): void {
    const games = (model.get("games") ?? []) as { game: string; variant: string; name: string }[];
    if (gameSelect.options.length !== games.length) {
      gameSelect.replaceChildren(...games.map((g) => {
        const option = h(doc, "option", "", `${g.name}${g.variant !== "standard" ? ` (${g.variant})` : ""}`);
        option.value = `${g.game}/${g.variant}`;
        return option;
      }));
    }
    gameSelect.value = `${state.game}/${state.variant}`;
    winnableBox.checked = Boolean(model.get("winnable"));
    buttons.undo.disabled = !state.can_undo;
    buttons.redo.disabled = !state.can_redo;
    buttons.restart.disabled = !state.can_undo;
    const busy = Boolean(model.get("busy"));
    buttons.solve.textContent = busy ? "Stop" : "Solve";
    buttons.solve.setAttribute("aria-label", busy ? "Stop" : "Solve");
    buttons.solve.dataset.action = busy ? "stop" : "solve";
    buttons.watch.disabled = busy; // while anything plays by itself, Solve reads Stop
  }

  function draw(): void {
    state = model.get("table");
    if (!state || !state.tableau) return;
    drawTop();
    drawTableau();
    drawControls();
    status.textContent = model.get("status") || `${state.name} · ${state.moves} moves`;
    root.classList.toggle("ww-won", state.won);
    banner.hidden = !state.won;
    cursor.pile = Math.min(cursor.pile, state.tableau.length - 1);
    markHint();
    markCursor();
  }

  function announce(): void {
    const message = (model.get("message") ?? {}) as Message;
    live.textContent = message.text ?? "";
    live.dataset.kind = message.kind ?? "info";
  }

  // -- pointer input ------------------------------------------------------------------

  function locate(target: EventTarget | null): { pile: string; index: number; card: HTMLElement | null } | null {
    const node = target as HTMLElement | null;
    const pileEl = node?.closest?.("[data-pile]") as HTMLElement | null;
    if (!pileEl || !root.contains(pileEl)) return null;
    const card = node?.closest?.("[data-card]") as HTMLElement | null;
    return { pile: pileEl.dataset.pile ?? "", index: card ? Number(card.dataset.index ?? -1) : -1, card };
  }

  function countFrom(pile: string, index: number): number {
    if (!pile.startsWith("t")) return 1;
    const p = state.tableau[Number(pile.slice(1))];
    return p.down + p.up.length - index;
  }

  function onClick(event: MouseEvent): void {
    if (suppressClick) {
      suppressClick = false;
      return;
    }
    const button = (event.target as HTMLElement).closest?.("button[data-action]") as HTMLButtonElement | null;
    if (button) {
      runAction(button.dataset.action ?? "");
      return;
    }
    const where = locate(event.target);
    if (!where) return;
    if (where.pile === "stock") {
      send({ type: "click", pile: "stock" });
      return;
    }
    if (!where.card || where.card.dataset.card === "hidden") {
      if (where.card) live.textContent = "That card is face down.";
      return;
    }
    send({ type: "click", pile: where.pile, count: countFrom(where.pile, where.index) });
  }

  function runAction(action: string): void {
    if (action === "new_deal") {
      const [game, variant] = gameSelect.value.split("/");
      const seed = seedInput.value === "" ? null : Number(seedInput.value);
      send({ type: "new_deal", game, variant, seed: Number.isInteger(seed) ? seed : null, winnable: winnableBox.checked });
    } else if (action) {
      send({ type: action });
    }
  }

  function onPointerDown(event: PointerEvent): void {
    if (viewOnly || event.button !== 0) return;
    const where = locate(event.target);
    if (!where || !where.card || where.card.dataset.card === "hidden" || where.pile === "stock") return;
    const count = countFrom(where.pile, where.index);
    const targets = targetsOf(where.pile, count);
    drag = { pile: where.pile, count, startX: event.clientX, startY: event.clientY, pointerId: event.pointerId, targets };
  }

  function onPointerMove(event: PointerEvent): void {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const dx = event.clientX - drag.startX;
    const dy = event.clientY - drag.startY;
    if (!drag.ghost) {
      if (Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
      const source = root.querySelector(`[data-pile="${drag.pile}"]`);
      const cards = Array.from(source?.querySelectorAll("[data-card]") ?? []).slice(-drag.count) as HTMLElement[];
      const ghost = h(doc, "div", "ww-ghost");
      for (const card of cards) {
        ghost.append(card.cloneNode(true));
        card.classList.add("ww-lifted");
      }
      root.append(ghost);
      drag.ghost = ghost;
      for (const target of drag.targets) root.querySelector(`[data-pile="${target}"]`)?.classList.add("ww-accepts");
      if (drag.targets.size === 0) live.textContent = "That card cannot move anywhere now.";
    }
    drag.ghost.style.transform = `translate(${dx}px, ${dy}px)`;
  }

  function endDrag(event: PointerEvent, cancelled: boolean): void {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const finished = drag;
    drag = null;
    if (!finished.ghost) return; // no movement: the click handler plays it
    suppressClick = true;
    finished.ghost.remove();
    root.querySelectorAll(".ww-accepts, .ww-lifted").forEach((n) => n.classList.remove("ww-accepts", "ww-lifted"));
    if (cancelled) return;
    const under = doc.elementFromPoint?.(event.clientX, event.clientY) ?? null;
    const where = locate(under);
    if (!where || where.pile === finished.pile) return;
    send({ type: "move", from: finished.pile, to: where.pile, count: finished.count });
  }

  // -- keyboard -------------------------------------------------------------------------

  function onKey(event: KeyboardEvent): void {
    if (viewOnly || (event.target as HTMLElement) !== root) return;
    const piles = state.tableau.length;
    const pile = state.tableau[cursor.pile];
    const key = event.key;
    let handled = true;
    if (key === "ArrowLeft") cursor.pile = (cursor.pile + piles - 1) % piles;
    else if (key === "ArrowRight") cursor.pile = (cursor.pile + 1) % piles;
    else if (key === "ArrowUp") cursor.count = Math.min(cursor.count + 1, Math.max(1, pile.up.length));
    else if (key === "ArrowDown") cursor.count = Math.max(1, cursor.count - 1);
    else if (key === "Enter") {
      if (cursor.holding) drop();
      else if (pile.up.length) send({ type: "click", pile: `t${cursor.pile}`, count: Math.min(cursor.count, pile.up.length) });
    } else if (key === " ") {
      if (cursor.holding) drop();
      else if (pile.up.length) {
        cursor.holding = { pile: `t${cursor.pile}`, count: Math.min(cursor.count, pile.up.length) };
        live.textContent = `Picked up ${cursor.holding.count} card(s) from pile ${cursor.pile + 1}; choose a pile and press Space.`;
      }
    } else if (key === "Escape") {
      cursor.holding = undefined;
      live.textContent = "Put down.";
    } else if (key === "d" || key === "D") send({ type: "click", pile: "stock" });
    else if (key === "u" || key === "U" || (key === "z" && (event.ctrlKey || event.metaKey))) send({ type: "undo" });
    else if (key === "r" || key === "R" || (key === "y" && (event.ctrlKey || event.metaKey))) send({ type: "redo" });
    else if (key === "h" || key === "H") send({ type: "hint" });
    else handled = false;
    if (key === "ArrowLeft" || key === "ArrowRight") cursor.count = 1;
    if (handled) {
      event.preventDefault();
      markCursor();
      const current = state.tableau[cursor.pile];
      if (key.startsWith("Arrow") && current) {
        const top = current.up.length ? cardName(current.up[current.up.length - Math.min(cursor.count, current.up.length)]) : "empty";
        live.textContent = `Pile ${cursor.pile + 1}: ${top}${cursor.count > 1 ? `, ${cursor.count} cards` : ""}`;
      }
    }
  }

  function drop(): void {
    const held = cursor.holding;
    cursor.holding = undefined;
    if (!held) return;
    const target = `t${cursor.pile}`;
    if (target !== held.pile) send({ type: "move", from: held.pile, to: target, count: held.count });
  }

  // -- wiring -----------------------------------------------------------------------------

  const onMove = (event: PointerEvent) => onPointerMove(event);
  const onUp = (event: PointerEvent) => endDrag(event, false);
  const onCancel = (event: PointerEvent) => endDrag(event, true);
  const onFocus = () => markCursor();
  root.addEventListener("click", onClick);
  root.addEventListener("pointerdown", onPointerDown);
  root.addEventListener("keydown", onKey);
  root.addEventListener("focus", onFocus);
  root.addEventListener("blur", onFocus);
  doc.addEventListener("pointermove", onMove);
  doc.addEventListener("pointerup", onUp);
  doc.addEventListener("pointercancel", onCancel);

  let observer: ResizeObserver | undefined;
  const resize = () => {
    const piles = Math.max(state?.tableau?.length ?? 7, 7, (state?.foundations?.length ?? 0) + 3);
    const width = root.clientWidth || 640;
    const cardWidth = Math.max(28, Math.min(96, (width - (piles + 1) * 8) / piles));
    root.style.setProperty("--ww-card-w", `${cardWidth}px`);
  };
  if (typeof ResizeObserver !== "undefined") {
    observer = new ResizeObserver(resize);
    observer.observe(root);
  }

  const redraw = () => {
    draw();
    resize();
    answered();
  };
  const onMessage = () => {
    announce();
    if ((model.get("message") as Message)?.kind === "error") answered();
  };
  const listeners: [string, () => void][] = [
    ["change:table", redraw],
    ["change:status", () => (status.textContent = model.get("status"))],
    ["change:message", onMessage],
    ["change:hint_move", markHint],
    ["change:busy", drawControls],
    ["change:winnable", drawControls],
    ["change:games", drawControls],
  ];
  for (const [name, fn] of listeners) model.on(name, fn);
  redraw();
  announce();

  return () => {
    for (const [name, fn] of listeners) model.off(name, fn);
    doc.removeEventListener("pointermove", onMove);
    doc.removeEventListener("pointerup", onUp);
    doc.removeEventListener("pointercancel", onCancel);
    observer?.disconnect();
    root.remove();
  };
}

export default {
  initialize() {
    return () => {};
  },
  render({ model, el }: { model: Model; el: HTMLElement }) {
    return createTable(model, el);
  },
};
