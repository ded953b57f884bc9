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

/** The observation settings of a facility's facilityConfig (sign-in doc section 3). */
export interface FacilityObservationConfig {
  isObservationsEnabled: boolean;
  /** Care type -> observation type ids; null when the facility has none configured. */
  observationsByCareType: Readonly<Record<string, readonly string[]>> | null;
}

/**
 * The observation types offered for a unit's care type at a facility (docs/decisions/0058):
 * - isObservationsEnabled false: none (the observations step is skipped, the server takes none);
 * - the care type listed in observationsByCareType: those types (known ids only, in the spec's order);
 * - no map, or the care type (or a unit without one) not in it: the rule of decision 0050.
 * Without a config (not loaded) the rule of decision 0050 applies.
 */
export const observationTypesFor = (
  config: FacilityObservationConfig | null | undefined,
  careType: string | null | undefined,
): ObservationType[] => {
  if (config && !config.isObservationsEnabled) return [];
  const configured =
    careType && config?.observationsByCareType && Object.hasOwn(config.observationsByCareType, careType)
      ? config.observationsByCareType[careType]
      : undefined;
  if (!Array.isArray(configured)) return observationTypesForCareType(careType);
  return (Object.values(ObservationType) as ObservationType[]).filter((t) => configured.includes(t));
};

/** The observations of a resolve or care log that the facility does not offer for the care type. */
export const observationsNotOffered = (
  observations: readonly string[],
  config: FacilityObservationConfig | null | undefined,
  careType: string | null | undefined,
): string[] => {
  const offered = new Set<string>(observationTypesFor(config, careType));
  return observations.filter((o) => !offered.has(o));
};

/** A facility's stored observationsByCareType (JSON) as a care type -> ids map; null when absent or malformed. */
export const observationsByCareTypeMap = (value: unknown): Record<string, string[]> | null => {
  if (value == null || typeof value !== 'object' || Array.isArray(value)) return null;
  const map: Record<string, string[]> = {};
  for (const [careType, ids] of Object.entries(value)) {
    if (Array.isArray(ids)) map[careType] = ids.filter((id): id is string => typeof id === 'string');
  }
  return map;
};
