import { z } from 'zod';
import { ZResolutionTypeSchema } from './resolution';

/** Care outcome (alerts doc section 3). */
export const CareOutcomeValue = {
  COMPLETED: 'COMPLETED',
  NOT_COMPLETED: 'NOT_COMPLETED',
  REFUSED: 'REFUSED',
} as const;
export const ZCareOutcomeValueSchema = z.enum(CareOutcomeValue);
export type CareOutcomeValue = z.infer<typeof ZCareOutcomeValueSchema>;

/** A care outcome: outcome and careProvided (a resolution type id). */
export const ZCareOutcomeSchema = z.object({
  outcome: ZCareOutcomeValueSchema,
  careProvided: ZResolutionTypeSchema,
});
export type TCareOutcome = z.infer<typeof ZCareOutcomeSchema>;

/** Alert outcome type (alerts doc section 3). */
export const AlertOutcomeType = {
  RESIDENT_INTERACTION: 'RESIDENT_INTERACTION',
  FALSE_ALARM: 'FALSE_ALARM',
  TEST_ALERT: 'TEST_ALERT',
} as const;
export const ZAlertOutcomeTypeSchema = z.enum(AlertOutcomeType);
export type AlertOutcomeType = z.infer<typeof ZAlertOutcomeTypeSchema>;
