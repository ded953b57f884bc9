/** Job identifiers of the worker's queue (graphile-worker task names). */
export const PROCESS_DEVICE_EVENT = 'process-device-event';
