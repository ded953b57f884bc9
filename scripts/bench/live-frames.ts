/**
 * What the live benchmarks (press-to-live.ts, live-fanout.ts) and their client processes (live-client-process.ts)
 * share: the clock they time with, and how a client reads a frame.
 */

/**
 * Milliseconds on the machine's monotonic clock (CLOCK_MONOTONIC through `process.hrtime`), the same clock for
 * every process of the machine, so receipt times taken in the client processes compare with send times taken
 * here, by definition (no origin of its own per process). `performance.timeOrigin + performance.now()` also
 * agreed across four processes (within 2 µs), but its origin is read from the wall clock at each process's
 * start. As cheap as `performance.now()` (about 65 ns a call). The benchmark measures the offset at start.
 */
export const benchClock = (): number => Number(process.hrtime.bigint()) / 1e6;

/**
 * The task id of an OPEN_UNCLAIMED `task.changed` frame, else null. A full JSON.parse: a scan of the frame's
 * bytes for the fields measured 0.5-0.6 µs a frame against 0.64 µs (decision 0435), too little to be worth a
 * second reading of the contract's frame.
 */
export function openUnclaimedTaskId(data: Buffer): string | null {
  const message = JSON.parse(data.toString()) as { type: string; taskId?: string; status?: string };
  return message.type === 'task.changed' && message.status === 'OPEN_UNCLAIMED' && message.taskId
    ? message.taskId
    : null;
}
