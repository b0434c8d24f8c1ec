/** The public state the Python engine sends (see wispwidget/widgets/public_state.py). */
export interface PileState {
  down: number;
  up: string[];
  hidden?: string[];
}

export interface TableState {
  game: string;
  variant: string;
  name: string;
  family: "spider" | "forty";
  seed: number | null;
  version: number;
  tableau: PileState[];
  stock: { count: number; deals_left: number; action: "deal" | "draw" };
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
}

export interface Message {
  id?: number;
  kind?: "info" | "error" | "win";
  text?: string;
}

/** The portable subset of the anywidget model (works in JupyterLab, Notebook 7, VS Code, marimo). */
export interface Model {
  get(name: string): any;
  set(name: string, value: unknown): void;
  save_changes(): void;
  on(event: string, callback: () => void): void;
  off(event: string, callback?: () => void): void;
  send(content: Record<string, unknown>): void;
}

export type Request = Record<string, unknown> & { type: string };
