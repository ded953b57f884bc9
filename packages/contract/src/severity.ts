import { z } from 'zod';
import { Severity } from './severity-constants';

export * from './severity-constants';
export const ZSeveritySchema = z.enum(Severity);
