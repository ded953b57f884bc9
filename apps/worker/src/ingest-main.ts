// The device-ingest process (decision 0111): `pnpm --filter @sage/worker start:ingest`.

import { startIngest } from './runtime/ingest';
import { closeOnSignals, configOrExit, handleUnhandledRejections } from './runtime/process';

const config = configOrExit();
const { ingest, close } = await startIngest(config);
handleUnhandledRejections(ingest.log);
ingest.log.info({ port: config.INGEST_PORT }, 'ingest listening');
closeOnSignals(ingest.log, close);
