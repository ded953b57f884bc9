import type { TTaskReply } from '@sage/contract';
import { resolutionListKindFor } from '@sage/domain';
import type { DrawerStep } from '../../shared/drawers';
import type { ResolutionContext } from './resolution-steps';

/** The resolution context of an alert. */
export function taskResolutionContext(task: TTaskReply): ResolutionContext {
  const careType = task.unit?.careType ?? null;
  const deviceType = task.creator.device?.type ?? null;
  return {
    taskId: task.id,
    facilityId: task.facilityId,
    residentId: task.resident?.id ?? null,
    residentName: task.resident ? `${task.resident.firstName} ${task.resident.lastName}` : null,
    unitId: task.unit?.id ?? null,
    unitName: task.unit?.displayName ?? null,
    careType,
    severity: task.severity,
    deviceType,
    listKind: resolutionListKindFor(careType, false),
    isRefusal: false,
    // The server refuses to resolve a device alert before care is confirmed (test alerts aside).
    needsCareConfirmation: deviceType !== null && !task.isTest && task.status !== 'OPEN_CONFIRMED',
  };
}

const confirmationStep = (task: TTaskReply, skipForTestAlert: boolean): DrawerStep => ({
  type: 'care-confirmation',
  props: {
    taskId: task.id,
    unitName: task.unit?.displayName ?? null,
    hasResident: task.resident !== null,
    skipForTestAlert,
  },
});

/**
 * How the care provided is chosen (docs/decisions/0052): a fall sensor's alert asks 'was it a fall?' (drawer 6),
 * a code blue which emergency it was (drawer 7); every other alert the multi-outcome list (drawer 5).
 */
const outcomeStep = (task: TTaskReply, context: ResolutionContext): DrawerStep => {
  if (task.creator.device?.type === 'FALL_DETECTION_DEVICE') return { type: 'select-was-fall', props: {} };
  if (task.severity === 'CODE_BLUE') return { type: 'select-emergency-reason', props: {} };
  return { type: 'multi-outcome-resolution', props: { context } };
};

/** The steps after the outcome choice: observations (when the care type has them), then Additional Notes. */
const finishingSteps = (context: ResolutionContext): DrawerStep[] => [
  { type: 'add-observations', props: { context } },
  { type: 'resolve-task', props: { context } },
];

/**
 * 'Confirm Care': care confirmation (alerts doc section 4), then the resolution flow: care category or test
 * alert, observations, Additional Notes.
 */
export function confirmCareWorkflow(task: TTaskReply): DrawerStep[] {
  const context = { ...taskResolutionContext(task), needsCareConfirmation: false };
  return [confirmationStep(task, false), outcomeStep(task, context), ...finishingSteps(context)];
}

/**
 * 'Resolve': the care category or test alert first; a device alert not yet confirmed then goes through care
 * confirmation unless the choice is the test alert.
 */
export function resolveWorkflow(task: TTaskReply): DrawerStep[] {
  const context = taskResolutionContext(task);
  return [
    outcomeStep(task, context),
    ...(context.needsCareConfirmation ? [confirmationStep(task, true)] : []),
    ...finishingSteps(context),
  ];
}
