// The job process (decision 0111): `pnpm --filter @sage/worker start:jobs`.

import { startJobs } from './runtime/jobs';
import { lowerCpuPriority } from './runtime/priority';
import { closeOnSignals, configOrExit, handleUnhandledRejections } from './runtime/process';

const config = configOrExit();
// Timers, escalations, messages and cron yield the cores to the ingest and the live fan-out (decision 0495).
const nice = lowerCpuPriority(config.WORKER_JOBS_NICE);
const jobs = await startJobs(config, { healthFile: process.env.JOBS_HEALTH_FILE || undefined });
handleUnhandledRejections(jobs.log);
jobs.log.info({ pools: jobs.takeover.poolIds, nice }, 'job queue running');
// A queue that stopped on its own (it gives up after errors it cannot recover from) ends the process, so
// its supervisor starts a fresh one; its jobs are taken over (decision 0110).
let stopping = false;
jobs.runner.promise.then(
  () => {
    if (stopping) return;
    jobs.log.fatal('job queue stopped; exiting');
    process.exit(1);
  },
  (error) => {
    if (stopping) return;
    jobs.log.fatal({ err: error }, 'job queue failed; exiting');
    process.exit(1);
  },
);
closeOnSignals(jobs.log, () => {
  stopping = true;
  return jobs.close();
});
