/**
 * The zod-free part of care-types.ts (constants, enums, rules): the web app imports these on its first loads, and a
 * module that also made zod schemas would bring zod with them (docs/decisions/0384, 0445). care-types.ts keeps the
 * schemas and re-exports this module, so every import of these names keeps working.
 */

/** Care types (both spec documents, section 1 / section 3). */
export const CareType = {
  ASSISTED_LIVING: 'ASSISTED_LIVING',
  INDEPENDENT_LIVING: 'INDEPENDENT_LIVING',
  MEMORY_CARE: 'MEMORY_CARE',
  LONG_TERM_CARE: 'LONG_TERM_CARE',
  SHORT_TERM_REHAB: 'SHORT_TERM_REHAB',
  NONE: 'NONE',
} as const;

export type CareType = (typeof CareType)[keyof typeof CareType];

/** Every care type, in declaration order (what the schema's `options` gave). */
export const CARE_TYPES: CareType[] = Object.values(CareType);

/** Abbreviations: AL, IL, MC, LTC, STR. NONE has no abbreviation given by the spec. */
export const CARE_TYPE_ABBREVIATIONS = {
  ASSISTED_LIVING: 'AL',
  INDEPENDENT_LIVING: 'IL',
  MEMORY_CARE: 'MC',
  LONG_TERM_CARE: 'LTC',
  SHORT_TERM_REHAB: 'STR',
  NONE: null,
} as const satisfies Record<CareType, string | null>;

/**
 * Display names. The spec names "Independent Living" (care-zone name); the others follow the same
 * title-case wording of the care type ids (our choice: the spec shows no labels for them).
 */
export const CARE_TYPE_LABELS = {
  ASSISTED_LIVING: 'Assisted Living',
  INDEPENDENT_LIVING: 'Independent Living',
  MEMORY_CARE: 'Memory Care',
  LONG_TERM_CARE: 'Long Term Care',
  SHORT_TERM_REHAB: 'Short Term Rehab',
  NONE: 'None',
} as const satisfies Record<CareType, string>;

/** "LTC and STR count as nursing-type." */
export const NURSING_CARE_TYPES: readonly CareType[] = [CareType.LONG_TERM_CARE, CareType.SHORT_TERM_REHAB];

export const isNursingCareType = (careType: CareType | null | undefined): boolean =>
  careType != null && NURSING_CARE_TYPES.includes(careType);

/** The care-zone name that makes a user an independent-living user. */
export const INDEPENDENT_LIVING_ZONE_NAME = 'Independent Living';

/**
 * "Default groupings: assisted living, memory care and independent living together; long term care and
 * short term rehab together; everything else in the last."
 * Zones of one grouping may be selected together; different groupings are alternatives ('OR').
 */
export const DEFAULT_CARE_ZONE_GROUPINGS: readonly (readonly CareType[])[] = [
  [CareType.ASSISTED_LIVING, CareType.MEMORY_CARE, CareType.INDEPENDENT_LIVING],
  [CareType.LONG_TERM_CARE, CareType.SHORT_TERM_REHAB],
];

/** Index of the default grouping of a care type; everything else (NONE, no care type) is the last group. */
export const careZoneGroupingIndex = (careType: CareType | null | undefined): number => {
  const index = DEFAULT_CARE_ZONE_GROUPINGS.findIndex(
    (group) => careType != null && group.includes(careType),
  );
  return index === -1 ? DEFAULT_CARE_ZONE_GROUPINGS.length : index;
};

/** Separator shown between alternative care-zone groupings. */
export const CARE_ZONE_GROUPING_SEPARATOR = 'OR';
