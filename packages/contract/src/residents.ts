import { z } from 'zod';

/** Hospice status (alerts doc section 3). */
export const HospiceStatus = {
  HOSPICE_CARE: 'HOSPICE_CARE',
  STANDARD_CARE: 'STANDARD_CARE',
  UNKNOWN: 'UNKNOWN',
} as const;
export const ZHospiceStatusSchema = z.enum(HospiceStatus);
export type HospiceStatus = z.infer<typeof ZHospiceStatusSchema>;

export const HOSPICE_STATUS_LABELS = {
  HOSPICE_CARE: 'Yes',
  STANDARD_CARE: 'No',
  UNKNOWN: 'Not Set',
} as const satisfies Record<HospiceStatus, string>;

/** "Any other value is treated as UNKNOWN." */
export const normaliseHospiceStatus = (value: unknown): HospiceStatus => {
  const parsed = ZHospiceStatusSchema.safeParse(value);
  return parsed.success ? parsed.data : HospiceStatus.UNKNOWN;
};

/** Reads any stored value as a hospice status (unknown values become UNKNOWN). */
export const ZLenientHospiceStatusSchema = z.unknown().transform(normaliseHospiceStatus);

export const hospiceStatusLabel = (value: unknown): string =>
  HOSPICE_STATUS_LABELS[normaliseHospiceStatus(value)];

/** Resuscitation strategy (code status), shown as a chip. */
export const ResuscitationStrategy = {
  CPR: 'CPR',
  DNR: 'DNR',
  UNKNOWN: 'UNKNOWN',
} as const;
export const ZResuscitationStrategySchema = z.enum(ResuscitationStrategy);
export type ResuscitationStrategy = z.infer<typeof ZResuscitationStrategySchema>;

export const RESUSCITATION_STRATEGY_LABELS = {
  CPR: 'CPR Required',
  DNR: 'DNR Order',
  UNKNOWN: 'Not Set',
} as const satisfies Record<ResuscitationStrategy, string>;

/** Unknown values are shown as 'Not Set' (our choice, mirroring the hospice rule). */
export const normaliseResuscitationStrategy = (value: unknown): ResuscitationStrategy => {
  const parsed = ZResuscitationStrategySchema.safeParse(value);
  return parsed.success ? parsed.data : ResuscitationStrategy.UNKNOWN;
};
