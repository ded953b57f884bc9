import {
  ClaimReminderMessages,
  type DeviceType,
  notificationJobPriorityForSeverityValue,
  SEVERITY_LABELS,
} from '@sage/contract';
import {
  CARE_CONFIRMATION_TIMEOUT_MS,
  JobName,
  type PrismaClient,
  queryPrepared,
  type Severity,
  type UnconfirmedClaimPayload,
  unconfirmedClaimJobKey,
} from '@sage/db';
import {
  type BlockFilter,
  claimReminderBlock,
  needsBedsideConfirmation,
  nextClaimReminderBlock,
  orderBlocks,
  type ScheduledBlock,
  selectGroupTaskRecipients,
  selectRecipients,
} from '@sage/domain';
import { localizeTaskTitle, translate } from '@sage/i18n';
import { type NotifierDeps, type OutgoingMessage, sendMessages } from '@sage/notify';
import type { JobHelpers } from 'graphile-worker';
import { z } from 'zod';
import type { ContextState } from './escalation';
import { loadCandidates } from './escalation-staff';
import { START_POLICIES_SQL, type StartPolicy } from './escalation-start';

const ZPayload = z.object({
  taskId: z.string().min(1),
  facilityId: z.string().min(1),
  assigneeId: z.string().min(1),
  claimedAt: z.iso.datetime({ offset: true }),
  round: z.number().int().min(0).optional(),
  nextBlock: z.number().int().min(0).optional(),
});

export type UnconfirmedClaimResult =
  /** Confirmed, released, claimed by someone else since, or closed: nothing to do. */
  | { kind: 'MOVED_ON' }
  /** Not cleared at the bedside (a manual task, a door alarm): no reminder. */
  | { kind: 'NO_BEDSIDE' }
  /** Care confirmation under way at the bedside: checked again when its 30 s are over. */
  | { kind: 'CONFIRMING'; runAt: Date }
  /** The claimer re-alerted; `blockIndex` the escalation step run (null: no policy); the next round queued. */
  | { kind: 'REALERTED'; blockIndex: number | null; recipientIds: string[]; nextRunAt: Date };

interface TaskRow {
  id: string;
  facilityId: string;
  title: string;
  status: string;
  severity: Severity;
  severityRank: number;
  assigneeId: string | null;
  assigneeGroupId: string | null;
  confirmingSince: Date | null;
  claimerName: string | null;
  reminderMinutes: number;
  deviceType: DeviceType | null;
  unit: {
    id: string;
    careType: string;
    ward: string | null;
    building: string | null;
    wing: string | null;
    floor: string | null;
  } | null;
  context: { startedAt: string; state: ContextState } | null;
}

/** The task (scoped to the payload's facility) with its unit, its claimer's name, the setting and its latest escalation. */
const TASK_SQL = `SELECT t.id, t."facilityId", t.title, t.status::text AS status, t.severity::text AS severity,
         t."severityRank", t."assigneeId", t."assigneeGroupId", t."confirmingSince",
         (SELECT s."firstName" || ' ' || s."lastName" FROM "StaffMember" s WHERE s.id = t."assigneeId") AS "claimerName",
         f."unconfirmedClaimReminderMinutes" AS "reminderMinutes",
         (SELECT d.type::text FROM "Device" d WHERE d.id = t."deviceId") AS "deviceType",
         (SELECT json_build_object('id', u.id, 'careType', u."careType", 'ward', u.ward, 'building', u.building,
                                   'wing', u.wing, 'floor', u.floor)
            FROM "Unit" u WHERE u.id = t."unitId") AS unit,
         (SELECT json_build_object('startedAt', c."startedAt", 'state', c.state)
            FROM "NotificationContext" c WHERE c."facilityId" = t."facilityId" AND c."taskId" = t.id
           ORDER BY c."startedAt" DESC LIMIT 1) AS context
    FROM "Task" t JOIN "Facility" f ON f.id = t."facilityId"
   WHERE t.id = $1 AND t."facilityId" = $2`;

type Step = ScheduledBlock & { filters: BlockFilter[] };

/**
 * Job 'unconfirmed-claim' (decision 0515), queued at each claim with the facility's setting as its delay, keyed by
 * the task (a new claim replaces it). When it runs and the same person still holds the task without bedside
 * confirmation (OPEN_CLAIMED), it re-alerts them (push, and text where their alerts reach them by text), then runs
 * the next escalation step to that step's people (the claimer left out), and queues the next round one setting
 * later: a claimed alert never waits silently. Confirming at the bedside just now: checked again once the 30 s
 * confirmation limit is over. Confirmed, released, claimed by another or closed: nothing.
 */
export async function runUnconfirmedClaim(
  deps: { prisma: PrismaClient; notifier: NotifierDeps },
  rawPayload: unknown,
  helpers: Pick<JobHelpers, 'addJob' | 'logger'>,
): Promise<UnconfirmedClaimResult> {
  const payload = ZPayload.parse(rawPayload) satisfies UnconfirmedClaimPayload;
  const [task] = await queryPrepared<TaskRow>(deps.prisma, TASK_SQL, [payload.taskId, payload.facilityId]);
  if (!task || task.assigneeId !== payload.assigneeId) return { kind: 'MOVED_ON' };
  if (!needsBedsideConfirmation(task.deviceType)) return { kind: 'NO_BEDSIDE' };
  const jobSpec = (runAt: Date) => ({
    runAt,
    jobKey: unconfirmedClaimJobKey(task.id),
    maxAttempts: 5,
    priority: notificationJobPriorityForSeverityValue(task.severityRank),
  });
  if (task.status === 'OPEN_CONFIRMING' && task.confirmingSince) {
    const runAt = new Date(new Date(task.confirmingSince).getTime() + CARE_CONFIRMATION_TIMEOUT_MS + 1_000);
    await helpers.addJob(JobName.unconfirmedClaim, payload, jobSpec(runAt));
    return { kind: 'CONFIRMING', runAt };
  }
  if (task.status !== 'OPEN_CLAIMED') return { kind: 'MOVED_ON' };

  const claimedAtMs = new Date(payload.claimedAt).getTime();
  const minutes = Math.max(1, Math.round((Date.now() - claimedAtMs) / 60_000));
  const label = SEVERITY_LABELS[task.severity];
  // The steps: the task's escalation as it started (its snapshot), else the facility's policy now.
  let steps: Step[];
  let startedAtMs: number | null = null;
  if (task.context?.state.blocks.length) {
    steps = task.context.state.blocks;
    startedAtMs = new Date(task.context.startedAt).getTime();
  } else {
    const [policy] = await queryPrepared<StartPolicy>(deps.prisma, START_POLICIES_SQL, [[task.facilityId]]);
    steps = orderBlocks(policy?.blocks ?? []);
  }
  const blockIndex = claimReminderBlock(steps, startedAtMs, claimedAtMs, payload.nextBlock);
  const topic = task.assigneeGroupId ? ('TASKS' as const) : ('ALERTS' as const);
  const base = {
    facilityId: task.facilityId,
    topic,
    title: task.title,
    taskId: task.id,
    taskSeverity: task.severity,
  };
  const messages: OutgoingMessage[] = [
    {
      ...base,
      body: ClaimReminderMessages.claimerBody(label, minutes),
      // In each recipient's language (decision 0553).
      localized: (language) => ({
        title: localizeTaskTitle(task.title, language),
        body: translate(language, 'notify', 'claimerReminder', {
          severity: translate(language, 'severity', task.severity),
          minutes,
        }),
      }),
      recipientIds: [payload.assigneeId],
    },
  ];
  let recipientIds: string[] = [];
  if (blockIndex !== null) {
    const step = steps[blockIndex]!;
    const staff = (
      await loadCandidates(deps.prisma, [{ facilityId: task.facilityId, filters: step.filters }])
    ).get(task.facilityId)!;
    recipientIds = (
      task.assigneeGroupId
        ? selectGroupTaskRecipients(task.assigneeGroupId, step, staff.candidates)
        : selectRecipients(
            { severity: task.severity, unit: task.unit as never },
            step,
            staff.candidates,
            staff.zonesById,
          )
    ).filter((id) => id !== payload.assigneeId);
    if (recipientIds.length) {
      messages.push({
        ...base,
        body: ClaimReminderMessages.escalationBody(label, task.claimerName ?? 'a colleague', minutes),
        localized: (language) => ({
          title: localizeTaskTitle(task.title, language),
          body: translate(language, 'notify', 'escalationReminder', {
            severity: translate(language, 'severity', task.severity),
            claimerName: task.claimerName ?? translate(language, 'notify', 'aColleague'),
            minutes,
          }),
        }),
        recipientIds,
      });
    }
  }
  const sent = await sendMessages(deps.notifier, messages);
  const failed = sent.find((s) => s.status === 'rejected');
  if (failed && failed.status === 'rejected') throw failed.reason;

  const nextRunAt = new Date(Date.now() + task.reminderMinutes * 60_000);
  await helpers.addJob(
    JobName.unconfirmedClaim,
    {
      ...payload,
      round: (payload.round ?? 0) + 1,
      nextBlock: nextClaimReminderBlock(steps, blockIndex),
    } satisfies UnconfirmedClaimPayload,
    jobSpec(nextRunAt),
  );
  return { kind: 'REALERTED', blockIndex, recipientIds, nextRunAt };
}
