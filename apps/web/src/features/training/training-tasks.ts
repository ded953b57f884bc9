import {
  getResolutionType,
  type REQUESTABLE_TASK_STATUSES,
  TASK_STATUS_LABELS,
  type TaskStatus,
  type TaskUpdateType,
  type TCareConfirmationTrackerReply,
  type TCreateTaskNoteRequest,
  type TResolveTaskRequest,
  TrainingMessages,
  type TStaffRef,
  type TTaskNoteReply,
  type TTaskReply,
  type TTaskUpdateReply,
} from '@sage/contract';
import { planStatusChange } from '@sage/domain';
import { ApiError } from '../../shared/api/client';

type RequestableTaskStatus = (typeof REQUESTABLE_TASK_STATUSES)[number];

/**
 * The training alert (alerts doc section 4 'Training alert'; docs/decisions/0361): created in the browser and
 * never sent to the server. Its simulation follows the real transitions (the domain's planStatusChange) and
 * answers the same calls as the tasks API (get, status, unassign, tracker, notes, resolve) from memory, so the
 * real alert page and drawers run on it unchanged.
 */

/** Ids of training alerts: never a server id (those are UUIDs). */
export const TRAINING_TASK_ID_PREFIX = 'training-';
export const isTrainingTaskId = (taskId: string | null | undefined): boolean =>
  typeof taskId === 'string' && taskId.startsWith(TRAINING_TASK_ID_PREFIX);

export interface TrainingAlert {
  task: TTaskReply;
  /** "the guided-tour flag starts on". */
  guidedTour: boolean;
  trainee: TStaffRef;
}

const alerts = new Map<string, TrainingAlert>();
const listeners = new Set<() => void>();
let version = 0;
let sequence = 0;

function emit(): void {
  version += 1;
  for (const listener of listeners) listener();
}

export const trainingAlerts = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  version: (): number => version,
  all: (): TrainingAlert[] => [...alerts.values()],
  get: (taskId: string): TrainingAlert | undefined => alerts.get(taskId),
  /** Every training alert gone (the tour ended). */
  clear(): void {
    if (alerts.size === 0) return;
    alerts.clear();
    emit();
  },
};

const nextId = (kind: string): string => {
  sequence += 1;
  return `${TRAINING_TASK_ID_PREFIX}${kind}-${Date.now().toString(36)}-${sequence}`;
};

/**
 * "created unclaimed, emergency severity, title '{unit name} has reported an emergency'". `unitName`: the made-up
 * unit, plainly not a room of the community (decision 0361), named in the reader's language (`training`
 * messages, decision 0670); the title is stored in English as a real alert's and shown localized (decision 0552).
 */
export function createTrainingAlert(input: {
  facilityId: string;
  trainee: TStaffRef;
  unitName: string;
}): TTaskReply {
  const now = Date.now();
  const id = nextId('alert');
  const task: TTaskReply = {
    id,
    facilityId: input.facilityId,
    title: TrainingMessages.alertTitle(input.unitName),
    description: null,
    status: 'OPEN_UNCLAIMED',
    severity: 'EMERGENCY',
    isTest: false,
    kind: 'ALERT',
    troubleCause: null,
    updates: [
      {
        id: nextId('update'),
        type: 'CREATED',
        description: 'Training alert created',
        careProvided: null,
        creator: null,
        createdAt: now,
      },
    ],
    unit: {
      id: `${TRAINING_TASK_ID_PREFIX}unit`,
      displayName: input.unitName,
      careType: 'ASSISTED_LIVING',
    },
    resident: null,
    // A wall button of the unit raised it: the care confirmation asks for a press, as for a real alert.
    creator: {
      staffMember: null,
      device: { id: `${TRAINING_TASK_ID_PREFIX}button`, type: 'SAGE_BUTTON', hardwareId: 'TRAINING' },
    },
    assignee: null,
    assigneeGroup: null,
    creationTimestamp: now,
    lastUpdateTimestamp: now,
    confirmingSince: null,
    notes: [],
    resolvedAt: null,
    resolvedBy: null,
    alertOutcomeType: null,
    resolutionNote: null,
    careOutcomes: [],
    observations: [],
    respondingStaffRids: [],
    staffAssistCount: null,
  };
  alerts.set(id, { task, guidedTour: true, trainee: input.trainee });
  emit();
  return task;
}

function require(taskId: string): TrainingAlert {
  const alert = alerts.get(taskId);
  if (!alert)
    throw new ApiError({ status: 404, message: 'This training alert has ended', code: 'NOT_FOUND' });
  return alert;
}

const who = (ref: TStaffRef): string => `${ref.firstName} ${ref.lastName}`;

function update(type: TaskUpdateType, description: string, creator: TStaffRef, at: number): TTaskUpdateReply {
  return { id: nextId('update'), type, description, careProvided: null, creator, createdAt: at };
}

function save(alert: TrainingAlert, task: TTaskReply): TTaskReply {
  alerts.set(task.id, { ...alert, task });
  emit();
  return task;
}

/** A status change as the server makes it: the same plan, 409 where the server refuses. */
function changeStatus(
  alert: TrainingAlert,
  target: TaskStatus,
  options: { confirmationEnd?: 'cancel' | 'failure' } = {},
): TTaskReply {
  const { task, trainee } = alert;
  const plan = planStatusChange(task.status, target, options);
  if (!plan.ok) {
    throw new ApiError({ status: 409, message: 'The training alert has moved on', code: plan.reason });
  }
  const now = Date.now();
  const updates = plan.updates.map((type) =>
    update(
      type,
      type === 'CLAIM'
        ? `Claimed by ${who(trainee)}`
        : type === 'UNASSIGNMENT'
          ? `Unassigned from ${who(trainee)} by ${who(trainee)}`
          : type === 'CARE_CONFIRMED'
            ? 'Care confirmed'
            : type === 'CARE_CONFIRMATION_FAILED'
              ? 'No press detected'
              : `Status changed from ${TASK_STATUS_LABELS[task.status]} to ${TASK_STATUS_LABELS[target]} by ${who(trainee)}`,
      trainee,
      now,
    ),
  );
  return save(alert, {
    ...task,
    status: target,
    assignee: plan.assignee === 'set' ? trainee : plan.assignee === 'remove' ? null : task.assignee,
    confirmingSince: target === 'OPEN_CONFIRMING' ? now : null,
    lastUpdateTimestamp: now,
    updates: [...task.updates, ...updates],
  });
}

/** The 30 s care-confirmation limit, as the server keeps it. */
function expireConfirmation(alert: TrainingAlert, timeoutMs: number): TrainingAlert {
  const { task } = alert;
  if (task.status !== 'OPEN_CONFIRMING' || task.confirmingSince === null) return alert;
  if (Date.now() - task.confirmingSince < timeoutMs) return alert;
  changeStatus(alert, 'OPEN_CLAIMED', { confirmationEnd: 'failure' });
  return require(task.id);
}

const CONFIRMATION_TIMEOUT_MS = 30_000;

/** The tasks API answered locally for a training alert (same shapes, same refusals). */
export const trainingTasksApi = {
  get: async (taskId: string): Promise<TTaskReply> =>
    expireConfirmation(require(taskId), CONFIRMATION_TIMEOUT_MS).task,
  setStatus: async (taskId: string, status: RequestableTaskStatus): Promise<TTaskReply> => {
    const alert = expireConfirmation(require(taskId), CONFIRMATION_TIMEOUT_MS);
    return changeStatus(alert, status as TaskStatus);
  },
  unassign: async (taskId: string): Promise<TTaskReply> => changeStatus(require(taskId), 'OPEN_UNCLAIMED'),
  tracker: async (taskId: string): Promise<TCareConfirmationTrackerReply> => {
    const { task } = expireConfirmation(require(taskId), CONFIRMATION_TIMEOUT_MS);
    return { task, timeSinceLastUpdate: Math.max(0, Date.now() - task.lastUpdateTimestamp) };
  },
  addNote: async (taskId: string, body: TCreateTaskNoteRequest): Promise<TTaskNoteReply> => {
    const alert = require(taskId);
    const now = Date.now();
    const note: TTaskNoteReply = {
      id: nextId('note'),
      taskId,
      content: body.content,
      subject: body.subject ?? null,
      creator: alert.trainee,
      createdAt: now,
      updatedAt: now,
    };
    save(alert, { ...alert.task, notes: [...alert.task.notes, note] });
    return note;
  },
  resolve: async (taskId: string, body: TResolveTaskRequest): Promise<TTaskReply> => {
    const alert = require(taskId);
    const { task, trainee } = alert;
    const plan = planStatusChange(task.status, 'CLOSED_RESOLVED', {
      careOutcomeCount: body.careOutcomes.length,
    });
    if (!plan.ok) {
      throw new ApiError({
        status: 409,
        message: 'This alert has already been resolved.',
        code: plan.reason,
      });
    }
    // A device alert is resolved after care is confirmed, as the server requires.
    if (task.status !== 'OPEN_CONFIRMED' && !body.bypassCareConfirmationChecks) {
      throw new ApiError({ status: 400, message: 'Confirm care first', code: 'CARE_CONFIRMATION_REQUIRED' });
    }
    const now = Date.now();
    const outcomes = [...body.careOutcomes];
    const updates = plan.updates.map((type) => {
      if (type === 'MANUAL_ENTRY') {
        const outcome = outcomes.shift();
        return {
          ...update(
            type,
            outcome ? getResolutionType(outcome.careProvided).name : 'Care provided',
            trainee,
            now,
          ),
          careProvided: outcome?.careProvided ?? null,
        };
      }
      return update(
        type,
        type === 'ASSIGNMENT' ? `Assigned to ${who(trainee)}` : `Resolved by ${who(trainee)}`,
        trainee,
        now,
      );
    });
    return save(alert, {
      ...task,
      status: 'CLOSED_RESOLVED',
      assignee: task.assignee ?? trainee,
      confirmingSince: null,
      resolvedAt: now,
      resolvedBy: trainee,
      alertOutcomeType: body.alertOutcomeType,
      resolutionNote: body.resolutionNote ?? null,
      careOutcomes: body.careOutcomes,
      observations: body.observations,
      staffAssistCount: body.staffAssistCount ?? null,
      lastUpdateTimestamp: now,
      updates: [...task.updates, ...updates],
    });
  },
  /** The trainee 'presses the pendant or unit button' (the training dialog's Confirm Care). */
  pressDevice: (taskId: string): TTaskReply => {
    const alert = require(taskId);
    if (alert.task.status !== 'OPEN_CONFIRMING') return alert.task;
    return changeStatus(alert, 'OPEN_CONFIRMED');
  },
};
