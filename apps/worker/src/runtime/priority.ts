import os from 'node:os';

/**
 * Lowers the CPU priority of this process's main thread to `nice` (decision 0495): the job process's JavaScript
 * yields the cores to the ingest and the API when they compete. Raising one's own nice value needs no privilege; a
 * thread already nicer (the process started under `nice` by its supervisor) is left as it is. Linux keeps a nice
 * value per thread and `setpriority` on process id 0 changes the calling thread only: V8's helper threads, started
 * before, keep the default priority, so a collection or compilation the main thread waits for is not starved
 * (with every thread lowered, the escalation starts waited 405 ms at p99 against 54 ms). Threads the main thread
 * starts later inherit its value. Returns the main thread's nice value.
 */
export function lowerCpuPriority(nice: number): number {
  if (os.getPriority(0) < nice) os.setPriority(0, nice);
  return os.getPriority(0);
}
