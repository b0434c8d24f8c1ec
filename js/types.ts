/**
 * Every protocol type the view uses: the kernel-owned traits it draws from and the requests it sends.
 * (The Python side will generate these into js/schema.gen.ts; this file will then re-export them.)
 * The view never writes a trait; it only reads them and sends requests.
 */
export interface PileState {
  down: number;
  up: string[];
  hidden?: string[];
}

/** What made a state: the move played (or undone, redone), or a new deal. */
export interface LastChange {
  move: [from: string, to: string, count: number] | null;
  kind: "play" | "undo" | "redo" | "new";
}

export interface Clock {
  seconds: number; // of play, at `at`
  running: boolean;
  at?: number; // the kernel's wall clock when it was read (Unix seconds)
}

export interface StockState {
  count: number;
  deals_left: number;
  action: "deal" | "draw";
  label?: string; // "3 deals left", "41 cards", "empty"
}

export interface TableState {
  game: string;
  variant: string;
  name: string;
  family: "spider" | "forty";
  seed: number | null;
  version: number;
  tableau: PileState[];
  stock: StockState;
  has_waste: boolean;
  waste: string[];
  legal: [string, string, number][];
  moves: number;
  can_undo: boolean;
  can_redo: boolean;
  won: boolean;
  stuck: boolean;
  reveal: boolean;
  top_rank: number;
  finished?: string[];
  runs_total?: number;
  foundations?: string[][];
  last?: LastChange | null;
  clock?: Clock | null;
}

export interface Message {
  id?: number;
  kind?: "info" | "error" | "win";
  text?: string;
}

export interface HintMove {
  from?: string;
  to?: string;
  count?: number;
  text?: string;
  proved?: boolean;
  /** The only legal move: not called a suggestion. */
  only?: boolean;
  /** After Review: the losing move that was played instead (a dashed arrow). */
  played?: { from: string; to: string; count: number };
}

export interface GameEntry {
  game: string;
  variant: string;
  name: string;
  label?: string;
}

export type JobKind = "solve" | "hint" | "fair_hint" | "winnable" | "watch" | "replay" | "review";

export interface Job {
  kind?: JobKind;
  label?: string;
  positions?: number;
  cancellable?: boolean;
}

export interface Stats {
  key?: string;
  played?: number;
  won?: number;
  current_streak?: number;
  best_streak?: number;
  best_seconds?: number | null;
}

export interface WinSummary {
  moves?: number;
  seconds?: number;
  hints?: number;
  undos?: number;
  assisted?: boolean; // Solve, Watch or Python made some of the moves (the win is not in the statistics)
  help?: string; // who helped, and what it means: "Solve played moves of this deal: the win is not counted"
}

/** The traits of the table widget (all owned by the kernel). */
export interface TableTraits {
  table: TableState;
  status: string;
  verdict: string;
  message: Message;
  hint_move: HintMove;
  games: GameEntry[];
  job: Job;
  replay_speed: number;
  winnable: boolean;
  busy: boolean;
  moves: number;
  won: boolean;
  version: number;
  stats: Stats;
  win_summary: WinSummary;
  reveal: boolean;
  /** Set only by embedders (the trace view, static export): draw, never send. */
  view_only: boolean;
}

export type Request =
  | { type: "click"; pile: string; count?: number; version?: number }
  | { type: "move"; from: string; to: string; count?: number; version?: number }
  | { type: "deal" | "undo" | "redo" | "hint" | "fair_hint" | "solve" | "watch" | "restart" | "review"; version?: number }
  | { type: "stop" | "daily" }
  | { type: "view"; shown: boolean }
  | { type: "new_deal"; game?: string; variant?: string; seed?: number | string | null; winnable?: boolean }
  | { type: "winnable"; value: boolean }
  | { type: "speed"; value: number };

export type RequestType = Request["type"];

/**
 * The portable subset of the anywidget model (JupyterLab, Notebook 7, VS Code, marimo), typed by its traits
 * like `AnyModel<T>` of @anywidget/types.
 */
export interface Model<T extends object = Record<string, any>> {
  get<K extends keyof T & string>(name: K): T[K];
  set<K extends keyof T & string>(name: K, value: T[K]): void;
  save_changes(): void;
  on(event: string, callback: () => void): void;
  off(event: string, callback?: () => void): void;
  send(content: Record<string, unknown>): void;
}

export type TableModel = Model<Partial<TableTraits>>;
