import { z } from 'zod';

/** Observation types (alerts doc section 3). */
export const ObservationType = {
  SKIN: 'SKIN',
  PAIN: 'PAIN',
  URINE: 'URINE',
  BOWEL_MOVEMENT: 'BOWEL_MOVEMENT',
  MOOD_BEHAVIOR: 'MOOD_BEHAVIOR',
  SEEMS_DIFFERENT: 'SEEMS_DIFFERENT',
  NEEDS_MORE_HELP: 'NEEDS_MORE_HELP',
  OTHER: 'OTHER',
} as const;
export const ZObservationTypeSchema = z.enum(ObservationType);
export type ObservationType = z.infer<typeof ZObservationTypeSchema>;

/**
 * Labels. BOWEL_MOVEMENT, MOOD_BEHAVIOR, SEEMS_DIFFERENT and NEEDS_MORE_HELP are quoted by the spec;
 * SKIN, PAIN, URINE and OTHER have no quoted label, so they read as the capitalised word (our choice).
 */
export const OBSERVATION_TYPE_LABELS = {
  SKIN: 'Skin',
  PAIN: 'Pain',
  URINE: 'Urine',
  BOWEL_MOVEMENT: 'Bowel Movement',
  MOOD_BEHAVIOR: 'Mood/Behavior',
  SEEMS_DIFFERENT: 'Seems Different',
  NEEDS_MORE_HELP: 'Needs More Help',
  OTHER: 'Other',
} as const satisfies Record<ObservationType, string>;

/** "Unknown ids are displayed as they are." */
export const observationLabel = (id: string): string =>
  Object.hasOwn(OBSERVATION_TYPE_LABELS, id) ? OBSERVATION_TYPE_LABELS[id as ObservationType] : id;

/** "If OTHER is chosen, notes are required." */
export const OBSERVATION_TYPE_REQUIRING_NOTES = ObservationType.OTHER;
