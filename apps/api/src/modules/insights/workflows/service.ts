import {
  INSIGHT_CLOSED_CODE,
  InsightMessages,
  type TInsightActionRequest,
  type TListWorkflowsQuery,
  type TWorkflowActionReply,
  type TWorkflowReply,
} from '@sage/contract';
import type { Db, Prisma, PrismaClient } from '@sage/db';
import { conflict, forbidden, invalidInput, notFound } from '@sage/service-kit/errors';
import { facilityScope, loadViewer, type Viewer } from '../../admin/tasks/access';
import {
  announceRecognition,
  createRecognitionTx,
  type RecognitionDeps,
} from '../../gamification/recognitions/service';
import { managesInsights, STAFF_SUMMARY, seesInsight, visibleInsightsWhere } from '../access';
import { closers, WORKFLOW_SELECT, workflowReply } from '../insights/service';

/** GET /workflows ?insightRid, type, status (and facilityRid): those of the insights the caller may see. */
export async function listWorkflows(
  prisma: PrismaClient,
  staffMemberId: string,
  query: TListWorkflowsQuery,
): Promise<TWorkflowReply[]> {
  const viewer = await loadViewer(prisma, staffMemberId);
  const facilities = facilityScope(viewer, query.facilityRid);
  const rows = await prisma.workflow.findMany({
    where: {
      insight: visibleInsightsWhere(viewer, facilities),
      ...(query.insightRid ? { insightId: query.insightRid } : {}),
      ...(query.type ? { type: query.type } : {}),
      ...(query.status ? { status: query.status } : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    take: 500,
    select: WORKFLOW_SELECT,
  });
  const names = await closers(prisma, rows);
  return rows.map((w) => workflowReply(w, names));
}

/** A workflow of an insight the caller may see, or 404. */
async function visibleWorkflow(prisma: PrismaClient, viewer: Viewer, workflowId: string) {
  const row = await prisma.workflow.findFirst({
    where: { id: workflowId, facilityId: { in: [...viewer.facilities.keys()] } },
    select: {
      ...WORKFLOW_SELECT,
      insight: { select: { facilityId: true, staffMemberId: true, category: true, scope: true } },
    },
  });
  const facility = row ? seesInsight(viewer, row.insight) : null;
  if (!row || !facility) throw notFound(`Workflow ${workflowId} not found`);
  return { row, facility };
}

export async function getWorkflow(
  prisma: PrismaClient,
  staffMemberId: string,
  workflowId: string,
): Promise<TWorkflowReply> {
  const viewer = await loadViewer(prisma, staffMemberId);
  const { row } = await visibleWorkflow(prisma, viewer, workflowId);
  return workflowReply(row, await closers(prisma, [row]));
}

const ACTION_SELECT = {
  id: true,
  workflowId: true,
  type: true,
  details: true,
  note: true,
  createdAt: true,
  creatorId: true,
} as const satisfies Prisma.WorkflowActionSelect;
type ActionRow = Prisma.WorkflowActionGetPayload<{ select: typeof ACTION_SELECT }>;

async function actionReplies(db: Db, rows: ActionRow[]): Promise<TWorkflowActionReply[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.creatorId ? [r.creatorId] : [])))];
  const [staff, recognitions] = await Promise.all([
    ids.length ? db.staffMember.findMany({ where: { id: { in: ids } }, select: STAFF_SUMMARY }) : [],
    db.recognition.findMany({
      where: { workflowId: { in: [...new Set(rows.map((r) => r.workflowId))] } },
      select: { id: true, workflowId: true, senderId: true },
    }),
  ]);
  const names = new Map(staff.map((s) => [s.id, s]));
  return rows.map((r) => ({
    actionRid: r.id,
    workflowRid: r.workflowId,
    type: r.type as TWorkflowActionReply['type'],
    details: (r.details as Record<string, unknown> | null) ?? null,
    note: r.note,
    creator: (r.creatorId && names.get(r.creatorId)) || null,
    createdAt: r.createdAt.toISOString(),
    recognitionRid:
      r.type === 'SEND_HIGH_FIVE'
        ? (recognitions.find((x) => x.workflowId === r.workflowId && x.senderId === r.creatorId)?.id ?? null)
        : null,
  }));
}

/** GET /workflows/{id}/actions: what was done, oldest first. */
export async function listActions(
  prisma: PrismaClient,
  staffMemberId: string,
  workflowId: string,
): Promise<TWorkflowActionReply[]> {
  const viewer = await loadViewer(prisma, staffMemberId);
  const { row } = await visibleWorkflow(prisma, viewer, workflowId);
  const rows = await prisma.workflowAction.findMany({
    where: { workflowId: row.id, facilityId: row.facilityId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: ACTION_SELECT,
  });
  return actionReplies(prisma, rows);
}

/** Which action a workflow takes (docs/decisions/0291): DISMISS on any; the others on their own kind. */
const ACTION_FITS: Record<TInsightActionRequest['type'], (type: string | null) => boolean> = {
  DISMISS: () => true,
  LOG_ACTION_NEEDS_IMPROVEMENT: (type) => type === 'NEEDS_IMPROVEMENT',
  SEND_HIGH_FIVE: (type) => type === 'RECOGNITION',
};

/**
 * POST /workflows/{id}/actions: one action closes the workflow, in one transaction with the action (and the
 * recognition of a high five). The workflow is closed by a conditional update: of two actions at once one
 * wins, the other gets 409 (the spec's 'The insight has been closed.  No further action can be taken.'), and
 * a failure leaves nothing written. Dismissing and logging an action are management's; a high five is anyone's
 * who sees the top performance, but not the performer's own.
 */
export async function actOnWorkflow(
  deps: RecognitionDeps,
  staffMemberId: string,
  workflowId: string,
  body: TInsightActionRequest,
): Promise<TWorkflowActionReply> {
  const { prisma } = deps;
  const viewer = await loadViewer(prisma, staffMemberId);
  const { row, facility } = await visibleWorkflow(prisma, viewer, workflowId);
  if (!ACTION_FITS[body.type](row.type)) {
    throw invalidInput([
      {
        field: 'body.type',
        rule: 'workflow type',
        message: `${body.type} does not apply to a ${row.type ?? 'untyped'} workflow`,
      },
    ]);
  }
  if (body.type !== 'SEND_HIGH_FIVE' && !managesInsights(facility)) {
    throw forbidden('Only management dismisses or completes insights');
  }
  if (row.status === 'CLOSED') throw conflict(InsightMessages.closed, INSIGHT_CLOSED_CODE);

  const now = new Date();
  const result = await prisma.$transaction(async (tx) => {
    const closed = await tx.workflow.updateMany({
      where: { id: row.id, facilityId: row.facilityId, status: 'OPEN' },
      data: { status: 'CLOSED', closedAt: now, closedById: staffMemberId },
    });
    if (closed.count !== 1) throw conflict(InsightMessages.closed, INSIGHT_CLOSED_CODE);
    const recognition =
      body.type === 'SEND_HIGH_FIVE'
        ? await createRecognitionTx(
            tx,
            {
              facilityId: row.facilityId,
              senderId: staffMemberId,
              recipientId: row.insight.staffMemberId ?? '',
              note: body.note ?? null,
              workflowId: row.id,
            },
            'body.type',
          )
        : null;
    const action = await tx.workflowAction.create({
      data: {
        workflowId: row.id,
        facilityId: row.facilityId,
        type: body.type,
        ...(body.details ? { details: body.details as Prisma.InputJsonValue } : {}),
        note: body.note?.trim() ? body.note : null,
        creatorId: staffMemberId,
        createdAt: now,
      },
      select: ACTION_SELECT,
    });
    return { action, recognition };
  });
  if (result.recognition) announceRecognition(deps, result.recognition);
  const [reply] = await actionReplies(prisma, [result.action]);
  return reply!;
}
