import { readdirSync } from 'node:fs';
import os from 'node:os';

/**
 * Lowers this process's CPU priority to `nice` (decision 0495): the job process yields the cores to the ingest and
 * the API when they compete. Raising one's own nice value needs no privilege; a process already nicer (started
 * under `nice` by its supervisor) is left as it is. Linux keeps a nice value per thread and `setpriority` on the
 * process id changes the calling thread only, so each thread of /proc/self/task is set (V8's and libuv's helpers,
 * started before this call; threads started after inherit it). Returns the nice value of the main thread.
 */
export function lowerCpuPriority(nice: number): number {
  const threads = threadIds();
  for (const id of threads) {
    try {
      if (os.getPriority(id) < nice) os.setPriority(id, nice);
    } catch {
      // A thread that ended between the listing and the call.
    }
  }
  return os.getPriority(0);
}

/** This process's thread ids (Linux), or the process alone elsewhere. */
function threadIds(): number[] {
  try {
    return readdirSync('/proc/self/task').map(Number);
  } catch {
    return [0];
  }
}
