// Ingest and job queue in one process (development). Production runs them apart: ingest-main.ts and
// jobs-main.ts (decision 0111).
import { closeOnSignals, configOrExit, handleUnhandledRejections } from './runtime/process';
import { startWorker } from './worker';

const config = configOrExit();
const worker = await startWorker(config);
handleUnhandledRejections(worker.ingest.log);
worker.ingest.log.info({ port: config.INGEST_PORT }, 'worker started: ingest listening, job queue running');
closeOnSignals(worker.ingest.log, worker.close);
