import { ObservationMessages, ObservationType } from '@sage/contract';

/** "If OTHER is chosen, notes are required and submit is disabled while empty." */
export const observationNotesRequired = (selected: readonly string[]): boolean =>
  selected.includes(ObservationType.OTHER);

/** "Placeholder: 'Add details to help nurse follow-up' when observations exist, else 'Enter notes here (optional)'." */
export const observationNotesPlaceholder = (hasObservations: boolean): string =>
  hasObservations
    ? ObservationMessages.placeholderWithObservations
    : ObservationMessages.placeholderWithoutObservations;

/** "Select disabled when nothing chosen." */
export const canSelectObservations = (selectedCount: number): boolean => selectedCount > 0;

/** "Skip shows only when nothing is selected and selection is not required." */
export const showObservationSkip = (selectedCount: number, selectionRequired: boolean): boolean =>
  selectedCount === 0 && !selectionRequired;

/**
 * "Observation options depend on the care type of the alert's unit or the resident's unit." The spec does not
 * list them per care type (docs/decisions/0050): every care type has all eight, except independent living,
 * which has none (its residents live on their own; the observations step is skipped).
 */
export const observationTypesForCareType = (careType: string | null | undefined): ObservationType[] =>
  careType === 'INDEPENDENT_LIVING' ? [] : (Object.values(ObservationType) as ObservationType[]);
