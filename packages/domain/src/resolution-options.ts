import {
  type CareType,
  getResolutionCategory,
  getResolutionType,
  isNursingCareType,
  type ResolutionCategory,
  ResolutionOptionLabels,
  type ResolutionType,
} from '@sage/contract';

export interface ResolutionOption {
  id: ResolutionType;
  label: string;
  /** The label's key in the i18n catalogue's `resolution` namespace (the type's id, or a list's own label). */
  labelKey: ResolutionType | keyof typeof ResolutionOptionLabels;
}

export interface ResolutionSection {
  title: string;
  /** The title's key in the i18n catalogue's `resolution` namespace (decision 0630). */
  titleKey: ResolutionCategory | ResolutionType | keyof typeof ResolutionOptionLabels;
  options: ResolutionOption[];
  /** The spec marks the skilled-nursing 'Needs Nurse' section "selection required". */
  selectionRequired?: boolean;
  /** The test-alert section (can be hidden). */
  isTestAlert?: boolean;
}

export type ResolutionListKind = 'default' | 'independentLiving' | 'careRefusal' | 'skilledNursing';

export interface ResolutionListOptions {
  /** "Routine-check option hidden by default." */
  showRoutineCheck?: boolean;
  /** "'Accidentally Pressed' … can be hidden." */
  hideAccidentalPress?: boolean;
  /** "… and the test-alert section can be hidden." */
  hideTestAlert?: boolean;
}

const option = (id: ResolutionType, labelKey?: keyof typeof ResolutionOptionLabels): ResolutionOption => ({
  id,
  label: labelKey ? ResolutionOptionLabels[labelKey] : getResolutionType(id).name,
  labelKey: labelKey ?? id,
});

const categoryTitle = (id: ResolutionCategory): Pick<ResolutionSection, 'title' | 'titleKey'> => ({
  title: getResolutionCategory(id).name,
  titleKey: id,
});

const testAlertSection = (): ResolutionSection => ({
  title: getResolutionType('NON_EMERGENCY_FOUND_DEVICE').name,
  titleKey: 'NON_EMERGENCY_FOUND_DEVICE',
  options: [option('NON_EMERGENCY_FOUND_DEVICE')],
  isTestAlert: true,
});

const emergencySection = (): ResolutionSection => ({
  ...categoryTitle('EMERGENCY'),
  options: [option('EMERGENCY_FALL'), option('EMERGENCY_OTHER')],
});

/**
 * The option lists of the resolution drawer (alerts doc section 5), as data.
 * - Independent living: "Emergency: Fall, Other Emergency; others: Accidentally Pressed, Not Feeling Well,
 *   Other Request."
 * - Care refusal: "ADL Help (Toileting, Eating/Feeding, Bathing, Dressing, Grooming, Transfer, Escort) and
 *   Cleaning (Made Bed, Cleaned Bathroom, Laundry, Emptied Trash, Other Cleaning)." No test alert (a refusal is
 *   not an alert).
 * - Skilled nursing: "'Needs Nurse' (the Medtech type; selection required), Emergency, ADL Help (Toileting,
 *   Dressing, Grooming, 'Transfer/Mobility', 'Eating/Drinking') and 'Other Help' (Emotional Support,
 *   Housekeeping, Maintenance, Other Request, Accidentally Pressed)."
 * - Default: every category in order, omitting Emotional Support, Maintenance and Housekeeping; 'No Care Given'
 *   is never offered (it is the was-fall 'No' outcome); 'Test Alert' is its own last section.
 * Section titles are the category display names ('Others' for the independent-living "others").
 * Routine Check, when shown, sits in ADL Help in its sort order (default and skilled-nursing lists).
 */
export const resolutionSections = (
  kind: ResolutionListKind,
  opts: ResolutionListOptions = {},
): ResolutionSection[] => {
  const sections = buildSections(kind, opts.showRoutineCheck === true);
  const withoutAccidental = opts.hideAccidentalPress
    ? sections.map((section) => ({
        ...section,
        options: section.options.filter((o) => o.id !== 'NON_EMERGENCY_ACCIDENTAL_PRESS'),
      }))
    : sections;
  return withoutAccidental.filter(
    (section) => section.options.length > 0 && !(opts.hideTestAlert && section.isTestAlert),
  );
};

const buildSections = (kind: ResolutionListKind, showRoutineCheck: boolean): ResolutionSection[] => {
  const routineCheck = showRoutineCheck ? [option('ADL_ROUTINE_CHECK')] : [];
  switch (kind) {
    case 'independentLiving':
      return [
        emergencySection(),
        {
          ...categoryTitle('NON_EMERGENCY_OTHER'),
          options: [
            option('NON_EMERGENCY_ACCIDENTAL_PRESS'),
            option('NON_EMERGENCY_ILLNESS'),
            option('REQUEST_OTHER'),
          ],
        },
        testAlertSection(),
      ];
    case 'careRefusal':
      return [
        {
          ...categoryTitle('NON_EMERGENCY_ADL_HELP'),
          options: [
            option('ADL_TOILETING'),
            option('ADL_EATING'),
            option('ADL_BATHING'),
            option('ADL_DRESSING'),
            option('ADL_GROOMING'),
            option('ADL_TRANSFER'),
            option('ADL_ESCORT'),
          ],
        },
        {
          ...categoryTitle('NON_EMERGENCY_HOUSEKEEPING'),
          options: [
            option('HOUSEKEEPING_BED'),
            option('HOUSEKEEPING_BATHROOM'),
            option('HOUSEKEEPING_LAUNDRY'),
            option('HOUSEKEEPING_TRASH'),
            option('HOUSEKEEPING_OTHER'),
          ],
        },
      ];
    case 'skilledNursing':
      return [
        {
          title: ResolutionOptionLabels.needsNurse,
          titleKey: 'needsNurse',
          options: [option('REQUEST_MEDTECH')],
          selectionRequired: true,
        },
        emergencySection(),
        {
          ...categoryTitle('NON_EMERGENCY_ADL_HELP'),
          options: [
            option('ADL_TOILETING'),
            ...routineCheck,
            option('ADL_DRESSING'),
            option('ADL_GROOMING'),
            option('ADL_TRANSFER', 'transferMobility'),
            option('ADL_EATING', 'eatingDrinking'),
          ],
        },
        {
          title: ResolutionOptionLabels.otherHelp,
          titleKey: 'otherHelp',
          options: [
            option('REQUEST_EMOTIONAL_SUPPORT'),
            option('HOUSEKEEPING_UNSPECIFIED'),
            option('REQUEST_MAINTENANCE'),
            option('REQUEST_OTHER'),
            option('NON_EMERGENCY_ACCIDENTAL_PRESS'),
          ],
        },
        testAlertSection(),
      ];
    case 'default':
      return [
        emergencySection(),
        {
          ...categoryTitle('NON_EMERGENCY_ADL_HELP'),
          options: [
            option('ADL_TOILETING'),
            ...routineCheck,
            option('ADL_ESCORT'),
            option('ADL_DRESSING'),
            option('ADL_TRANSFER'),
            option('ADL_EATING'),
            option('ADL_BATHING'),
            option('ADL_GROOMING'),
          ],
        },
        {
          ...categoryTitle('NON_EMERGENCY_REQUEST'),
          options: [
            option('REQUEST_MEDTECH'),
            option('REQUEST_OXYGEN'),
            option('REQUEST_REPAIR'),
            option('REQUEST_OTHER'),
          ],
        },
        {
          ...categoryTitle('NON_EMERGENCY_HOUSEKEEPING'),
          options: [
            option('HOUSEKEEPING_TRASH'),
            option('HOUSEKEEPING_BED'),
            option('HOUSEKEEPING_LAUNDRY'),
            option('HOUSEKEEPING_BATHROOM'),
            option('HOUSEKEEPING_OTHER'),
          ],
        },
        {
          ...categoryTitle('NON_EMERGENCY_OTHER'),
          options: [
            option('NON_EMERGENCY_ACCIDENTAL_PRESS'),
            option('NON_EMERGENCY_QUESTION'),
            option('NON_EMERGENCY_ILLNESS'),
          ],
        },
        testAlertSection(),
      ];
  }
};

/**
 * Which list applies (our choice; the spec names the lists by unit type): care-refusal mode first, then an
 * independent-living unit, then a nursing-type unit (LTC, STR: "skilled nursing"), else the default list.
 */
export const resolutionListKindFor = (
  careType: CareType | null | undefined,
  isRefusal: boolean,
): ResolutionListKind => {
  if (isRefusal) return 'careRefusal';
  if (careType === 'INDEPENDENT_LIVING') return 'independentLiving';
  if (isNursingCareType(careType)) return 'skilledNursing';
  return 'default';
};

/** Resolution drawer: "Select disabled with nothing chosen"; "Clear All disabled with nothing chosen". */
export const canSelectResolution = (selectedCount: number): boolean => selectedCount > 0;
export const canClearAllResolution = (selectedCount: number): boolean => selectedCount > 0;
