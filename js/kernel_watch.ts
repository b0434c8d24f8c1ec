/**
 * A widget's requests to its kernel, watched: a kernel busy running a cell answers late and a restarted one never,
 * so a request unanswered within KERNEL_SILENT_MS is said (`onSilent`), and one that cannot be sent at all (the
 * notebook has closed the widget's channel: the kernel is gone) is said at once (`onGone`). The table and the
 * rule-variant lab each say it in their own words. Anything the kernel sends is an answer: call `heard`.
 */
export const KERNEL_SILENT_MS = 4000;

export class KernelWatch {
  private silence: ReturnType<typeof setTimeout> | undefined;
  constructor(private readonly post: (content: Record<string, unknown>) => void,
              private readonly onSilent: () => void, private readonly onGone: () => void) {}

  /** Sends `content`; with `awaitAnswer`, says so if no answer comes in time. False when the kernel is gone. */
  send(content: Record<string, unknown>, awaitAnswer = true): boolean {
    try {
      this.post(content);
    } catch {
      this.stop();
      this.onGone();
      return false;
    }
    if (awaitAnswer && this.silence === undefined) this.silence = setTimeout(this.onSilent, KERNEL_SILENT_MS);
    return true;
  }

  /** The kernel spoke: nothing is awaited any longer. Returns whether something was. */
  heard(): boolean {
    const waiting = this.silence !== undefined;
    this.stop();
    return waiting;
  }

  stop(): void {
    clearTimeout(this.silence);
    this.silence = undefined;
  }
}
