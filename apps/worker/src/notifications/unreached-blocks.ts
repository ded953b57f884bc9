/**
 * Notification blocks that reached nobody (no one on shift matched the block's filters). One warning per
 * block would put a line on the hot path for every such task (issue #18): they are counted per community and
 * reported once a minute instead, with the last task of each, so a community with no one on shift is still
 * seen in the log.
 */
export class UnreachedBlocks {
  private byFacility = new Map<string, { count: number; lastTaskId: string }>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly logger: { warn(line: string): void },
    intervalMs = 60_000,
  ) {
    this.timer = setInterval(() => this.flush(), intervalMs);
    this.timer.unref();
  }

  record(facilityId: string, taskId: string): void {
    const entry = this.byFacility.get(facilityId);
    if (entry) {
      entry.count += 1;
      entry.lastTaskId = taskId;
    } else this.byFacility.set(facilityId, { count: 1, lastTaskId: taskId });
  }

  /** Writes one line for what was counted since the last one (nothing when nothing was). */
  flush(): void {
    if (this.byFacility.size === 0) return;
    const facilities = Object.fromEntries(this.byFacility);
    const total = [...this.byFacility.values()].reduce((sum, e) => sum + e.count, 0);
    this.byFacility = new Map();
    this.logger.warn(
      `${total} notification block(s) reached nobody since the last report: ${JSON.stringify(facilities)}`,
    );
  }

  stop(): void {
    clearInterval(this.timer);
    this.flush();
  }
}
