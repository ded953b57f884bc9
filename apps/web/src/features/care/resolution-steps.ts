import type {
  CareType,
  DeviceType,
  ObservationType,
  ResolutionType,
  Severity,
  TFacilityConfig,
} from '@sage/contract';
import { TEST_ALERT_RESOLUTION_TYPE } from '@sage/contract';
import {
  observationTypesFor as observationTypesForFacility,
  type ResolutionListKind,
  type ResolutionOutcome,
} from '@sage/domain';
import { useEffect } from 'react';
import type { DrawerControls } from '../../shared/drawers';

/** What every step of a resolution (or care log) knows about the item being resolved. */
export interface ResolutionContext {
  /** The alert being resolved; null for a care log from the resident drawer. */
  taskId: string | null;
  /** The facility of the alert or resident (its facilityConfig decides the observation options). */
  facilityId?: string | null;
  residentId: string | null;
  residentName: string | null;
  unitId: string | null;
  unitName: string | null;
  careType: CareType | null;
  severity: Severity | null;
  deviceType: DeviceType | null;
  listKind: ResolutionListKind;
  isRefusal: boolean;
  /** A device alert that is not yet care-confirmed (the test-alert choice needs no confirmation). */
  needsCareConfirmation: boolean;
}

/** Data the steps hand on (drawer.data). */
export interface ResolutionData {
  selected?: ResolutionType[];
  /** The outcome chosen in the was-fall or emergency-reason drawer (instead of a selection). */
  outcome?: ResolutionOutcome;
  observations?: ObservationType[];
  observationNotes?: string;
  /** Step indexes that skipped themselves (so Back steps over them too). */
  skipped?: Record<number, true>;
}

export const resolutionData = (drawer: DrawerControls): ResolutionData => drawer.data as ResolutionData;

export const isTestAlertSelection = (data: ResolutionData): boolean =>
  data.selected?.includes(TEST_ALERT_RESOLUTION_TYPE) === true;

/** A was-fall 'No' is a false alarm: no care given, nothing to observe. */
export const isFalseAlarm = (data: ResolutionData): boolean =>
  data.outcome?.alertOutcomeType === 'FALSE_ALARM';

/**
 * The observation types offered for a care type: the facility's observationsByCareType, none when the
 * facility has observations turned off, else the care-type rule (docs/decisions/0050 and 0058).
 */
export const observationTypesFor = (
  careType: CareType | null,
  facilityConfig: TFacilityConfig | null = null,
): ObservationType[] => observationTypesForFacility(facilityConfig, careType);

/**
 * A step that does not apply moves on by itself; arriving at it again with Back steps back over it.
 * Returns true while skipping (render nothing).
 */
export function useSkipStep(drawer: DrawerControls, skip: boolean): boolean {
  const data = resolutionData(drawer);
  const cameBack = data.skipped?.[drawer.stepIndex] === true;
  // Runs once per arrival at this step (the step decides when it is shown).
  useEffect(() => {
    if (!skip) return;
    if (cameBack) drawer.back();
    else drawer.next({ skipped: { ...data.skipped, [drawer.stepIndex]: true } });
  }, []);
  return skip;
}
