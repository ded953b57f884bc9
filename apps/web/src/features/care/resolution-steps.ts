import type { CareType, DeviceType, ObservationType, ResolutionType, Severity } from '@sage/contract';
import { ObservationType as ObservationTypes, TEST_ALERT_RESOLUTION_TYPE } from '@sage/contract';
import type { ResolutionListKind } from '@sage/domain';
import { useEffect } from 'react';
import type { DrawerControls } from '../../shared/drawers';

/** What every step of a resolution (or care log) knows about the item being resolved. */
export interface ResolutionContext {
  /** The alert being resolved; null for a care log from the resident drawer. */
  taskId: string | null;
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
  observations?: ObservationType[];
  observationNotes?: string;
  /** Step indexes that skipped themselves (so Back steps over them too). */
  skipped?: Record<number, true>;
}

export const resolutionData = (drawer: DrawerControls): ResolutionData => drawer.data as ResolutionData;

export const isTestAlertSelection = (data: ResolutionData): boolean =>
  data.selected?.includes(TEST_ALERT_RESOLUTION_TYPE) === true;

/**
 * Observation types by care type (docs/decisions/0050): the spec says the options "depend on the care type"
 * and that the step shows "for care types that have care zones and observations" without listing them. Every
 * care type but independent living has all eight.
 */
export function observationTypesFor(careType: CareType | null): ObservationType[] {
  if (careType === 'INDEPENDENT_LIVING') return [];
  return Object.values(ObservationTypes);
}

/**
 * A step that does not apply moves on by itself; arriving at it again with Back steps back over it.
 * Returns true while skipping (render nothing).
 */
export function useSkipStep(drawer: DrawerControls, skip: boolean): boolean {
  const data = resolutionData(drawer);
  const cameBack = data.skipped?.[drawer.stepIndex] === true;
  useEffect(() => {
    if (!skip) return;
    if (cameBack) drawer.back();
    else drawer.next({ skipped: { ...data.skipped, [drawer.stepIndex]: true } });
    // Run once per arrival at this step.
    // biome-ignore lint/correctness/useExhaustiveDependencies: the step decides once when it is shown
  }, []);
  return skip;
}
