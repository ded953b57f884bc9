import type { TResidentReply } from '@sage/contract';
import { residentFullName, resolutionListKindFor } from '@sage/domain';
import type { DrawerStep } from '../../shared/drawers';
import type { ResolutionContext } from '../care/resolution-steps';

/** Log Care / Log Refusal from the resident drawer: care provided (or refused), observations, Additional Notes. */
export function logCareWorkflow(resident: TResidentReply, isRefusal: boolean): DrawerStep[] {
  const careType = resident.unit?.careType ?? null;
  const context: ResolutionContext = {
    taskId: null,
    facilityId: resident.facilityId,
    residentId: resident.id,
    residentName: residentFullName(resident),
    unitId: resident.unit?.id ?? null,
    unitName: resident.unit?.displayName ?? null,
    careType,
    severity: null,
    deviceType: null,
    listKind: resolutionListKindFor(careType, isRefusal),
    isRefusal,
    needsCareConfirmation: false,
  };
  return [
    { type: 'multi-outcome-resolution', props: { context } },
    { type: 'add-observations', props: { context } },
    { type: 'resolve-task', props: { context } },
  ];
}
