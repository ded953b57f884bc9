import { JobName } from '@sage/db';

/** Job identifiers of the worker's queue (graphile-worker task names); defined once in @sage/db. */
export const PROCESS_DEVICE_EVENT = JobName.processDeviceEvent;
