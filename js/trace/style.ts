/** The trace view's own styles (the board keeps the table's), added once per document or shadow root. */
export const TRACE_CSS = `
.ww-trace { --ww-t-frontier: #64b5f6; --ww-t-explored: #bdbdbd; --ww-t-current: #ff9800; --ww-t-pruned: #e53935;
  --ww-t-duplicate: #ce93d8; --ww-t-solution: #43a047; --ww-t-ink: var(--jp-ui-font-color1, #1d1d1d);
  --ww-t-paper: var(--jp-layout-color0, #fff); --ww-t-line: var(--jp-border-color1, #bbb);
  font-size: 13px; outline: none; color: var(--ww-t-ink); }
/* dark, as the page around it is (js/theme.ts): marimo has no JupyterLab variables, so the fallbacks are dark too */
.ww-trace[data-ww-theme="dark"] { --ww-t-ink: var(--jp-ui-font-color1, #e8e8e8);
  --ww-t-paper: var(--jp-layout-color0, #161a18); --ww-t-line: var(--jp-border-color1, #5a5a5a); }
.ww-trace[data-ww-theme="dark"] .ww-code { background: var(--jp-layout-color1, #232826); }
.ww-trace[data-ww-theme="dark"] .ww-hover { color: var(--jp-ui-font-color2, #aaa); }
.ww-trace[data-ww-theme="dark"] .ww-node { stroke: #d0d0d0; } /* a node not yet reached is paper-coloured */
/* focus: a 2 px ring in a colour at 3:1 or more on the paper in either theme (the orange current-node colour was
   2.2:1 on white), on the view, each control, the tree and each list */
.ww-trace { --ww-t-focus: #1a5fb4; }
.ww-trace[data-ww-theme="dark"] { --ww-t-focus: #8ec5ff; }
.ww-trace.ww-present { --ww-t-focus: #1a5fb4; }
.ww-trace:focus-visible { outline: 2px solid var(--ww-t-focus); outline-offset: 2px; }
.ww-trace :is(button, select, input, .ww-tree-panel, .ww-frontier-list, .ww-explored-list):focus-visible {
  outline: 2px solid var(--ww-t-focus); outline-offset: 2px; }
.ww-trace :is(.ww-tree-panel, .ww-frontier-list, .ww-explored-list):focus-visible { outline-offset: -2px; }
/* room for the rings at the view's edges: a notebook's output box (overflow: auto) cut off the left side of the
   view's ring and of Start's; full screen, the view is the screen and its ring is not drawn outside it */
.ww-trace { margin: 4px; }
.ww-trace.ww-full-screen { margin: 0; }
.ww-trace.ww-full-screen:focus-visible { outline-offset: -2px; }
.ww-trace .ww-toolbar, .ww-trace .ww-runbar { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 4px 0; }
.ww-trace .ww-keep-together { display: inline-flex; gap: 6px; align-items: center; white-space: nowrap; }
.ww-trace .ww-button[aria-pressed="true"] { background: var(--ww-t-ink, #222); color: var(--ww-t-paper, #fff); }
.ww-trace .ww-runbar label { display: inline-flex; gap: 3px; align-items: center; }
.ww-trace .ww-runbar label[hidden] { display: none; }
.ww-trace .ww-runbar select { font: inherit; }
.ww-trace .ww-run-status { color: #b71c1c; }
.ww-trace .ww-runbar .ww-number { width: 4.5em; font: inherit; }
.ww-trace .ww-runbar .ww-number[aria-invalid="true"] { outline: 2px solid #b71c1c; }
/* each counter says what it counts on hover: dotted, as a term with a definition */
.ww-trace .ww-counter { white-space: nowrap; cursor: help; text-decoration: underline dotted;
  text-decoration-color: var(--jp-ui-font-color3, #999); text-underline-offset: 3px; }
.ww-legend .ww-legend-moves, .ww-legend .ww-legend-hidden { color: var(--jp-ui-font-color2, #555); font-size: 0.92em; }
.ww-trace[data-ww-theme="dark"] .ww-legend .ww-legend-moves,
.ww-trace[data-ww-theme="dark"] .ww-legend .ww-legend-hidden { color: var(--jp-ui-font-color2, #aaa); }
.ww-legend .ww-legend-hidden { display: inline; }
.ww-legend .ww-legend-hidden[hidden], .ww-legend .ww-legend-hidden .ww-hidden-short { display: none; }
.ww-legend { display: flex; flex-wrap: wrap; gap: 12px; margin: 4px 0; align-items: center; }
.ww-legend span { display: inline-flex; align-items: center; gap: 4px; }
.ww-legend i { display: inline-block; width: 12px; height: 12px; border-radius: 50%; border: 1px solid #555; }
.ww-trace-panels { display: grid; grid-template-columns: repeat(var(--ww-panels, 1), minmax(0, 1fr)); gap: 14px; }
.ww-trace-panel { min-width: 0; border-top: 1px solid var(--ww-t-line); padding-top: 4px; }
.ww-trace-panel h3 { margin: 2px 0 4px; font-size: 1.1em; font-weight: bold; overflow-wrap: anywhere; }
.ww-trace { container-type: inline-size; } /* two searches side by side stack when the cell is narrow */
@container (max-width: 560px) { .ww-trace-panels { grid-template-columns: minmax(0, 1fr); } }
.ww-trace-main { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-start; }
.ww-trace-panels[style*="--ww-panels: 2"] .ww-trace-board { display: none; }
.ww-trace .ww-trace-board { flex: 1 1 300px; min-width: 260px; max-width: 460px; }
.ww-trace .ww-trace-board.ww-stale { opacity: 0.35; }
.ww-trace-treebox { flex: 2 1 340px; min-width: 260px; }
.ww-tree-panel { position: relative; overflow: auto; height: 340px; border: 1px solid var(--ww-t-line);
  background: var(--ww-t-paper); cursor: grab; touch-action: none; }
.ww-tree-panel.ww-panning { cursor: grabbing; }
.ww-tree-panel svg { display: block; margin: 0 auto; }
.ww-trace-panels[style*="--ww-panels: 2"] .ww-trace-side { grid-template-columns: minmax(0, 1fr); }
.ww-trace .ww-tree { min-width: 0; max-width: none; }
/* lines keep a width on screen at any zoom (--ww-zoom, set by sizeDots in tree.ts): a big tree fitted at zoom 0.13
   had hairline edges and a faint solution path; zoomed in they grow as before */
.ww-trace .ww-edge, .ww-trace .ww-node { vector-effect: non-scaling-stroke; }
.ww-trace .ww-edge { stroke: #9e9e9e; stroke-width: max(1.2px, calc(1.2px * var(--ww-zoom, 1))); }
.ww-trace .ww-edge.ww-solution { stroke: var(--ww-t-solution); stroke-width: max(3.5px, calc(3.5px * var(--ww-zoom, 1))); }
.ww-trace .ww-node { stroke: #424242; stroke-width: max(0.6px, calc(1px * var(--ww-zoom, 1))); cursor: pointer; }
.ww-trace .ww-node.ww-unreached { fill: var(--ww-t-paper); } /* step 0: on no list yet */
.ww-trace .ww-node.ww-frontier { fill: var(--ww-t-frontier); }
.ww-trace .ww-node.ww-explored { fill: var(--ww-t-explored); }
.ww-trace .ww-node.ww-current { fill: var(--ww-t-current); }
.ww-trace .ww-node.ww-pruned { fill: var(--ww-t-pruned); }
.ww-trace .ww-node.ww-duplicate { fill: var(--ww-t-duplicate); }
.ww-trace .ww-node.ww-solution { fill: var(--ww-t-solution); }
.ww-trace .ww-node.ww-is-current { stroke: #e65100; stroke-width: max(2px, calc(3px * var(--ww-zoom, 1))); }
.ww-trace .ww-node:hover { stroke: #000; stroke-width: max(2px, calc(3px * var(--ww-zoom, 1))); }
.ww-trace .ww-goal-label { font-size: 12px; font-weight: bold; fill: var(--ww-t-solution); }
.ww-trace .ww-compact .ww-goal-label { font-size: 9px; }
.ww-hover { min-height: 1.3em; color: var(--jp-ui-font-color2, #555); font-size: 0.95em; }
.ww-trace-side { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1.3fr); gap: 10px; margin-top: 6px; }
.ww-trace-side h4 { margin: 0 0 2px; font-size: 1em; font-weight: bold; }
.ww-frontier-list { list-style: decimal; } /* numbered in every page (marimo's resets lists) */
.ww-frontier-list, .ww-explored-list { margin: 0; padding-left: 2.8em; max-height: 170px; overflow: auto;
  font-family: var(--jp-code-font-family, monospace); font-size: 0.92em; }
/* the list shows whole rows: its height is a number of rows, and scrolling stops on a row's top (a row was cut
   through its text) */
.ww-frontier-list { line-height: 1.3em; max-height: calc(12 * 1.3em); scroll-snap-type: y mandatory; }
.ww-frontier-list li { scroll-snap-align: start; }
.ww-explored-list { padding-left: 0; list-style: none; }
/* the latest explored nodes run on as words ("latest: #69 #68 ..."), each a list item; "latest:" is drawn here, its
   words in the list's name for a screen reader (view.ts) */
.ww-explored-list li { display: inline; }
.ww-explored-list li::after { content: " "; } /* a space: the line may break between two entries */
.ww-explored-list[data-latest]::before { content: "latest: "; content: "latest: " / ""; }
.ww-code { margin: 0; padding: 4px 0; list-style: none; font-family: var(--jp-code-font-family, monospace);
  font-size: 0.92em; background: var(--jp-layout-color1, #f7f7f7); border-radius: 4px; }
.ww-code li { white-space: pre-wrap; padding: 0 6px 0 2.2em; text-indent: -1.6em; border-left: 4px solid transparent; }
.ww-code li[aria-current="step"] { background: #fff3cd; border-left-color: var(--ww-t-current); font-weight: bold;
  color: #000; }
.ww-code-title { font-weight: bold; margin: 0 0 2px; }
.ww-path-label { font-weight: bold; }
.ww-path-earlier { font-style: italic; color: var(--jp-ui-font-color2, #555); }
.ww-trace[data-ww-theme="dark"] .ww-path-earlier { color: var(--jp-ui-font-color2, #aaa); }
.ww-trace.ww-present .ww-path-earlier { color: #333; }
.ww-goal-banner { display: inline-block; background: var(--ww-t-solution); color: #fff; padding: 1px 8px;
  border-radius: 10px; font-weight: bold; }
.ww-summary { display: block; width: 100%; height: calc(100% - 2.4em); }
.ww-tree-panel > .ww-muted { margin: 4px 6px; line-height: 1.4em; }
.ww-chart-line { fill: none; stroke: var(--ww-t-frontier); stroke-width: 2; }
.ww-chart-bar { fill: var(--ww-t-explored); }
.ww-axis { stroke: #777; }
.ww-chart-title { font-size: 12px; fill: currentColor; }
.ww-chart-label { font-size: 9px; fill: currentColor; }
.ww-trace.ww-present { font-size: 22px; --ww-t-ink: #000; --ww-t-paper: #fff; --ww-t-line: #000;
  --ww-t-frontier: #0057e7; --ww-t-explored: #8a8a8a; --ww-t-current: #ff6f00; --ww-t-pruned: #d50000;
  --ww-t-duplicate: #aa00ff; --ww-t-solution: #00a000; background: #fff; color: #000; padding: 10px; }
.ww-trace.ww-present .ww-button { font-size: 19px; padding: 5px 10px; border: 2px solid #000; color: #000;
  background: #fff; }
.ww-trace.ww-present .ww-tree-panel { height: 56vh; border: 2px solid #000; }
.ww-trace.ww-present .ww-node { stroke: #000; stroke-width: max(0.8px, calc(1.5px * var(--ww-zoom, 1))); }
.ww-trace.ww-present .ww-edge { stroke: #555; stroke-width: max(1.5px, calc(2px * var(--ww-zoom, 1))); }
/* (the solution path stays green and thick presenting: the rule above, as specific and later, made it grey) */
.ww-trace.ww-present .ww-edge.ww-solution { stroke: var(--ww-t-solution);
  stroke-width: max(5px, calc(4px * var(--ww-zoom, 1))); }
.ww-trace.ww-present .ww-node.ww-is-current { stroke: #e65100; stroke-width: max(2.5px, calc(3px * var(--ww-zoom, 1))); }
/* presenting full screen (view.ts asks the browser): the view is the screen, and scrolls inside if it must; its
   trees take the height the rest leaves (--ww-tree-h, fitPair in view.ts) */
.ww-trace.ww-present.ww-full-screen { overflow: auto; box-sizing: border-box; width: 100%; height: 100%; }
.ww-trace.ww-present.ww-full-screen .ww-tree-panel { height: var(--ww-tree-h, min(340px, 28vh)); box-sizing: border-box; }
.ww-trace.ww-present .ww-code { background: #fff; border: 2px solid #000; }
.ww-trace.ww-present .ww-code li[aria-current="step"] { background: #ffe082; }
.ww-trace.ww-present .ww-counters, .ww-trace.ww-present .ww-path { font-size: 1em; }
.ww-trace.ww-present .ww-runbar { display: none; } /* the speed stays: a long trace needs it in front of a class */
.ww-trace.ww-present .ww-speed-label { font-size: 0.7em; } /* with both sliders short, one row at 1280 px */
.ww-trace.ww-present .ww-speed { width: 90px; }
.ww-trace.ww-present .ww-scrubber { flex: 1 1 120px; min-width: 100px; }
.ww-trace.ww-present .ww-trace-board { max-width: 520px; }
/* presenting one search: the board and its lists on the left, the tree and the pseudo-code on the right, so a
   projector's 1280 x 720 shows the tree and the code's current line together */
.ww-trace.ww-present .ww-trace-panels:not([style*="--ww-panels: 2"]) .ww-trace-panel { display: grid;
  grid-template-columns: minmax(300px, 0.75fr) minmax(0, 1.6fr); column-gap: 14px; align-items: start;
  grid-template-areas: "head head" "count count" "board tree" "board code" "lists code" "path code"; }
.ww-trace.ww-present .ww-trace-panels:not([style*="--ww-panels: 2"]) :is(.ww-trace-main, .ww-trace-side) {
  display: contents; }
/* (the areas only where they are defined: placed in the two searches' grids, the lists and the code shared a cell) */
.ww-trace.ww-present .ww-trace-panels:not([style*="--ww-panels: 2"]) .ww-trace-panel > h3 { grid-area: head; }
.ww-trace.ww-present .ww-trace-panels:not([style*="--ww-panels: 2"]) .ww-trace-panel > .ww-counters { grid-area: count; }
.ww-trace.ww-present .ww-trace-panels:not([style*="--ww-panels: 2"]) .ww-trace-board { grid-area: board; }
.ww-trace.ww-present .ww-trace-board { max-width: 420px; width: 100%; min-width: 0; }
.ww-trace.ww-present .ww-trace-panels:not([style*="--ww-panels: 2"]) .ww-trace-treebox { grid-area: tree; min-width: 0; }
.ww-trace.ww-present .ww-trace-panels:not([style*="--ww-panels: 2"]) .ww-trace-lists { grid-area: lists; }
.ww-trace.ww-present .ww-trace-panels:not([style*="--ww-panels: 2"]) .ww-code-box { grid-area: code; }
.ww-trace.ww-present .ww-trace-panels:not([style*="--ww-panels: 2"]) .ww-path { grid-area: path; }
.ww-trace.ww-present .ww-tree-panel { height: min(340px, 28vh); }
.ww-trace.ww-present .ww-button[aria-pressed="true"] { background: #000; color: #fff; } /* on: Presentation */
.ww-trace.ww-present .ww-frontier-list, .ww-trace.ww-present .ww-explored-list,
.ww-trace.ww-present .ww-hover { font-size: 16px; } /* px: a notebook's own list and code sizes do not shrink them */
.ww-trace.ww-present .ww-frontier-list { padding-left: 2.2em; max-height: calc(6 * 1.3em); } /* an A* entry on one line */
/* presenting two searches side by side: the trees take the height the rest leaves on screen (--ww-tree-h, set by
   fitPair in view.ts), and the rest keeps one height whatever the step, so the pair stays inside the screen */
.ww-trace.ww-present .ww-trace-panels[style*="--ww-panels: 2"] .ww-tree-panel { height: var(--ww-tree-h, min(340px, 28vh));
  box-sizing: border-box; }
.ww-trace.ww-present .ww-trace-panels[style*="--ww-panels: 2"] .ww-frontier-list { height: calc(5 * 1.3em);
  max-height: none; }
.ww-trace.ww-present .ww-trace-panels[style*="--ww-panels: 2"] .ww-explored-list { white-space: nowrap;
  overflow: hidden; text-overflow: ellipsis; }
/* ... and the explored count and its latest nodes share a row */
.ww-trace.ww-present .ww-trace-panels[style*="--ww-panels: 2"] .ww-trace-lists { display: grid;
  grid-template-columns: auto minmax(0, 1fr); column-gap: 0.6em; align-items: baseline; }
.ww-trace.ww-present .ww-trace-panels[style*="--ww-panels: 2"] .ww-trace-lists > :not(.ww-explored-title, .ww-explored-list) {
  grid-column: 1 / -1; }
.ww-trace.ww-present .ww-trace-panels[style*="--ww-panels: 2"] :is(.ww-counters, .ww-path) { font-size: 16px;
  line-height: 1.25; min-height: 2.5em; }
/* a long path (a depth-first one runs to 6 lines) keeps two: its label, how many earlier moves are left out, and
   its latest moves (showPath in view.ts); all of them in its tooltip */
.ww-trace.ww-present .ww-trace-panels[style*="--ww-panels: 2"] .ww-path { height: 2.5em; overflow: hidden; }
/* the caption of the node under the pointer lies over the tree's bottom edge rather than taking a row */
.ww-trace.ww-present .ww-trace-panels[style*="--ww-panels: 2"] .ww-trace-treebox { position: relative; }
.ww-trace.ww-present .ww-trace-panels[style*="--ww-panels: 2"] .ww-hover { position: absolute; left: 3px; right: 3px;
  bottom: 3px; min-height: 0; padding: 0 4px; background: rgba(255, 255, 255, 0.92); pointer-events: none; }
.ww-trace.ww-present .ww-trace-panels[style*="--ww-panels: 2"] .ww-hover:empty { display: none; }
.ww-trace.ww-present .ww-trace-panels[style*="--ww-panels: 2"] .ww-code { line-height: 1.1; }
/* presenting, the legend keeps to one row: the note on how moves are written is the legend's tooltip there (the
   moves say "(3 cards)" in words anyway) */
.ww-trace.ww-present .ww-legend .ww-legend-moves, .ww-trace.ww-present .ww-legend .ww-hidden-long { display: none; }
.ww-trace.ww-present .ww-legend .ww-legend-hidden .ww-hidden-short { display: inline; }
/* where the column is too narrow for an entry, it breaks between the move and its costs, never inside either */
.ww-trace .ww-entry-move, .ww-trace .ww-entry-cost { white-space: nowrap; }
.ww-trace.ww-present .ww-trace-board .ww-tableau { min-height: calc(var(--ww-card-h) * 1.3); } /* room for the lists */
.ww-trace.ww-present .ww-code { font-size: 18px; line-height: 1.2; } /* all of it beside the tree at 720 px */
.ww-trace.ww-present .ww-trace-board .ww-status { font-size: 18px; }
/* presenting one search full screen on a short screen (a projector's 1280 x 720): the board and the path on the
   left, the tree with the counters and the lists beside it, and the pseudo-code under both, so the tree, the code's
   current line and the frontier are all on screen (in two columns the frontier fell below the board, off the
   screen); the tree takes the height the rest leaves (--ww-tree-h, fitPair in view.ts) */
@media (max-height: 900px) and (min-width: 1100px) {
  .ww-trace.ww-present.ww-full-screen .ww-trace-panels:not([style*="--ww-panels: 2"]) .ww-trace-panel {
    grid-template-columns: minmax(260px, 0.55fr) minmax(0, 1.7fr) minmax(420px, 0.8fr);
    grid-template-areas: "head head head" "board tree count" "board tree lists" "board code code" "path code code";
    grid-template-rows: auto auto 1fr auto auto; } /* (1fr: the tree's height goes to the lists' row, not the counters') */
  .ww-trace.ww-present.ww-full-screen .ww-trace-panels:not([style*="--ww-panels: 2"]) .ww-counters {
    font-size: 18px; line-height: 1.3; margin-top: 0; }
  .ww-trace.ww-present.ww-full-screen .ww-trace-panel > h3 { font-size: 20px; }
  .ww-trace.ww-present.ww-full-screen .ww-trace-lists h4 { font-size: 18px; }
  .ww-trace.ww-present.ww-full-screen .ww-code-title { font-size: 18px; }
  .ww-trace.ww-present.ww-full-screen .ww-trace-panels:not([style*="--ww-panels: 2"]) .ww-frontier-list {
    height: calc(5 * 1.3em); max-height: none; font-size: 15px; padding-left: 2.1em; }
  /* the explored count and its latest nodes share a row, as presenting a pair */
  .ww-trace.ww-present.ww-full-screen .ww-trace-panels:not([style*="--ww-panels: 2"]) .ww-trace-lists {
    display: grid; grid-template-columns: auto minmax(0, 1fr); column-gap: 0.6em; align-items: baseline; }
  .ww-trace.ww-present.ww-full-screen .ww-trace-panels:not([style*="--ww-panels: 2"]) .ww-trace-lists >
    :not(.ww-explored-title, .ww-explored-list) { grid-column: 1 / -1; }
  .ww-trace.ww-present.ww-full-screen .ww-trace-panels:not([style*="--ww-panels: 2"]) .ww-explored-list {
    white-space: nowrap; overflow: hidden; text-overflow: ellipsis; font-size: 15px; }
  .ww-trace.ww-present.ww-full-screen .ww-trace-panels:not([style*="--ww-panels: 2"]) .ww-path {
    font-size: 16px; line-height: 1.3; max-height: calc(9 * 1.3em); overflow: hidden; margin-top: 8px; }
  /* the tree as tall as its row (the board beside it may be taller) */
  .ww-trace.ww-present.ww-full-screen .ww-trace-panels:not([style*="--ww-panels: 2"]) .ww-trace-treebox {
    align-self: stretch; display: flex; flex-direction: column; }
  .ww-trace.ww-present.ww-full-screen .ww-trace-panels:not([style*="--ww-panels: 2"]) .ww-tree-panel { flex: 1 0 auto; }
  /* the caption of the node under the pointer over the tree's bottom edge, as presenting a pair */
  .ww-trace.ww-present.ww-full-screen .ww-trace-treebox { position: relative; }
  .ww-trace.ww-present.ww-full-screen .ww-hover { position: absolute; left: 3px; right: 3px; bottom: 3px;
    min-height: 0; padding: 0 4px; background: rgba(255, 255, 255, 0.92); pointer-events: none; }
  .ww-trace.ww-present.ww-full-screen .ww-hover:empty { display: none; }
  /* two searches side by side: smaller headings and counters, four rows of each list, and nine lines of each
     pseudo-code, scrolled to keep the current line in view (showLine in view.ts), so the trees keep some height */
  .ww-trace.ww-present.ww-full-screen .ww-trace-panels[style*="--ww-panels: 2"] .ww-trace-panel > h3 { font-size: 18px; }
  .ww-trace.ww-present.ww-full-screen .ww-trace-panels[style*="--ww-panels: 2"] :is(.ww-counters, .ww-path) {
    font-size: 15px; }
  .ww-trace.ww-present.ww-full-screen .ww-trace-panels[style*="--ww-panels: 2"] .ww-frontier-list {
    height: calc(4 * 1.3em); }
  .ww-trace.ww-present.ww-full-screen .ww-trace-panels[style*="--ww-panels: 2"] .ww-code-title { display: none; }
  .ww-trace.ww-present.ww-full-screen .ww-trace-panels[style*="--ww-panels: 2"] .ww-code { font-size: 16px;
    line-height: 1.15; max-height: calc(9 * 1.15em + 8px); overflow-y: auto; box-sizing: border-box; }
  .ww-trace.ww-present .ww-code[data-above] { border-top-style: dashed; box-shadow: inset 0 10px 8px -8px #0008; }
  .ww-trace.ww-present .ww-code[data-below] { border-bottom-style: dashed; box-shadow: inset 0 -10px 8px -8px #0008; }
  .ww-trace.ww-present .ww-code[data-above][data-below] { box-shadow: inset 0 10px 8px -8px #0008,
    inset 0 -10px 8px -8px #0008; }
}
`;

/** Add the styles once where `el` is drawn: its shadow root (marimo draws widgets in one, where the page's
 * styles do not reach) or the document's head; an element not yet on the page is looked at again each frame
 * until it is, so the styles reach the shadow root it lands in. */
export function addStyle(el: HTMLElement, tries = 60): void {
  const root = el.getRootNode();
  const shadow = typeof ShadowRoot !== "undefined" && root instanceof ShadowRoot ? root : null;
  const doc = el.ownerDocument;
  if (!(shadow ?? doc).getElementById("ww-trace-style")) {
    const style = doc.createElement("style");
    style.id = "ww-trace-style";
    style.textContent = TRACE_CSS;
    (shadow ?? doc.head).append(style);
  }
  if (!el.isConnected && tries > 0 && typeof requestAnimationFrame === "function") {
    requestAnimationFrame(() => addStyle(el, tries - 1));
  }
}
