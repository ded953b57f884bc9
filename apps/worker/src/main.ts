import { loadWorkerConfig, WorkerConfigError } from './env';
import { startWorker } from './worker';

let config: ReturnType<typeof loadWorkerConfig>;
try {
  config = loadWorkerConfig();
} catch (error) {
  if (error instanceof WorkerConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const worker = await startWorker(config);
worker.ingest.log.info({ port: config.INGEST_PORT }, 'worker started: ingest listening, job queue running');
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    worker.ingest.log.info({ signal }, 'worker stopping');
    await worker.close();
    process.exit(0);
  });
}
