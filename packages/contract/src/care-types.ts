import { z } from 'zod';
import { CareType } from './care-types-constants';

export * from './care-types-constants';
export const ZCareTypeSchema = z.enum(CareType);
