import { z } from 'zod';
import { DeviceTroubleCause, TaskKind } from './device-supervision-constants';

export * from './device-supervision-constants';
export const ZTaskKindSchema = z.enum(TaskKind);
export const ZDeviceTroubleCauseSchema = z.enum(DeviceTroubleCause);
