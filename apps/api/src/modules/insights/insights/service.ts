import {
  type InsightCategory,
  type TInsightReply,
  type TSearchInsightsRequest,
  type TWorkflowReply,
  ZInsightDataSchema,
  ZInsightTypeNameSchema,
} from '@sage/contract';
import type { Db, Prisma, PrismaClient } from '@sage/db';
import { describeInsight } from '@sage/domain';
import { notFound } from '@sage/service-kit/errors';
import { loadViewer, requireFacility } from '../../admin/tasks/access';
import { requireInsightManager, STAFF_SUMMARY, seesInsight, visibleInsightsWhere } from '../access';

export const WORKFLOW_SELECT = {
  id: true,
  insightId: true,
  facilityId: true,
  type: true,
  status: true,
  createdAt: true,
  closedAt: true,
  closedById: true,
} as const satisfies Prisma.WorkflowSelect;
type WorkflowRow = Prisma.WorkflowGetPayload<{ select: typeof WORKFLOW_SELECT }>;

export const INSIGHT_SELECT = {
  id: true,
  facilityId: true,
  enterpriseId: true,
  ruleId: true,
  category: true,
  scope: true,
  staffMemberId: true,
  title: true,
  description: true,
  data: true,
  periodStart: true,
  periodEnd: true,
  createdAt: true,
  resetAt: true,
  staffMember: { select: STAFF_SUMMARY },
  workflows: { select: WORKFLOW_SELECT, orderBy: { createdAt: 'asc' } },
} as const satisfies Prisma.InsightSelect;
type InsightRow = Prisma.InsightGetPayload<{ select: typeof INSIGHT_SELECT }>;

type Summary = { id: string; firstName: string; lastName: string; profilePictureUrl: string | null };

/** Names of the staff who closed workflows (one query for a whole page). */
export async function closers(
  db: Db,
  workflows: { closedById: string | null }[],
): Promise<Map<string, Summary>> {
  const ids = [...new Set(workflows.flatMap((w) => (w.closedById ? [w.closedById] : [])))];
  if (!ids.length) return new Map();
  const staff = await db.staffMember.findMany({ where: { id: { in: ids } }, select: STAFF_SUMMARY });
  return new Map(staff.map((s) => [s.id, s]));
}

export const workflowReply = (w: WorkflowRow, names: Map<string, Summary>): TWorkflowReply => {
  const type = ZInsightTypeNameSchema.safeParse(w.type);
  return {
    workflowRid: w.id,
    insightRid: w.insightId,
    facilityRid: w.facilityId,
    type: type.success ? type.data : null,
    status: w.status,
    createdAt: w.createdAt.toISOString(),
    closedAt: w.closedAt?.toISOString() ?? null,
    closedBy: (w.closedById && names.get(w.closedById)) || null,
  };
};

const insightReply = (i: InsightRow, names: Map<string, Summary>): TInsightReply => {
  const parsed = ZInsightDataSchema.safeParse(i.data);
  const data = parsed.success ? parsed.data : null;
  const subject = i.staffMember ? `${i.staffMember.firstName} ${i.staffMember.lastName}` : 'The community';
  const text = describeInsight(i.category as InsightCategory, subject, data);
  return {
    insightRid: i.id,
    facilityRid: i.facilityId,
    enterpriseRid: i.enterpriseId,
    ruleRid: i.ruleId,
    category: i.category,
    scope: i.scope,
    staffMember: i.staffMember,
    title: i.title ?? text.title,
    description: i.description ?? text.description,
    data,
    periodStart: i.periodStart?.toISOString() ?? null,
    periodEnd: i.periodEnd?.toISOString() ?? null,
    createdAt: i.createdAt.toISOString(),
    resetAt: i.resetAt?.toISOString() ?? null,
    workflows: i.workflows.map((w) => workflowReply(w, names)),
  };
};

async function replies(prisma: PrismaClient, rows: InsightRow[]): Promise<TInsightReply[]> {
  const names = await closers(
    prisma,
    rows.flatMap((r) => r.workflows),
  );
  return rows.map((r) => insightReply(r, names));
}

/** POST /insights/search: the facility's insights the caller may see, newest first. */
export async function searchInsights(
  prisma: PrismaClient,
  staffMemberId: string,
  body: TSearchInsightsRequest,
): Promise<TInsightReply[]> {
  const viewer = await loadViewer(prisma, staffMemberId);
  const facility = requireFacility(viewer, body.facilityRid);
  const pageSize = body.pageSize ?? 50;
  const rows = await prisma.insight.findMany({
    where: {
      AND: [
        visibleInsightsWhere(viewer, [facility]),
        body.categories?.length ? { category: { in: body.categories } } : {},
        body.scopes?.length ? { scope: { in: body.scopes } } : {},
        body.staffMemberRids?.length ? { staffMemberId: { in: body.staffMemberRids } } : {},
        body.workflowStatus ? { workflows: { some: { status: body.workflowStatus } } } : {},
      ],
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    skip: (body.pageNumber ?? 0) * pageSize,
    take: pageSize,
    select: INSIGHT_SELECT,
  });
  return replies(prisma, rows);
}

/** An insight the caller may see, or 404 (another community's insight is not found). */
async function visibleInsight(prisma: PrismaClient, staffMemberId: string, insightId: string) {
  const viewer = await loadViewer(prisma, staffMemberId);
  const row = await prisma.insight.findFirst({
    where: { id: insightId, facilityId: { in: [...viewer.facilities.keys()] } },
    select: INSIGHT_SELECT,
  });
  if (!row || !seesInsight(viewer, row)) throw notFound(`Insight ${insightId} not found`);
  return { viewer, row };
}

export async function getInsight(
  prisma: PrismaClient,
  staffMemberId: string,
  insightId: string,
): Promise<TInsightReply> {
  const { row } = await visibleInsight(prisma, staffMemberId, insightId);
  return (await replies(prisma, [row]))[0]!;
}

/**
 * POST /insights/{id}/reset (management, docs/decisions/0291): the insight opens again for action: its
 * workflows go back to OPEN (their actions stay as history) and resetAt records when.
 */
export async function resetInsight(
  prisma: PrismaClient,
  staffMemberId: string,
  insightId: string,
): Promise<TInsightReply> {
  const { viewer, row } = await visibleInsight(prisma, staffMemberId, insightId);
  requireInsightManager(viewer, row.facilityId);
  const now = new Date();
  await prisma.$transaction([
    prisma.insight.update({ where: { id: row.id }, data: { resetAt: now } }),
    prisma.workflow.updateMany({
      where: { insightId: row.id, facilityId: row.facilityId },
      data: { status: 'OPEN', closedAt: null, closedById: null },
    }),
  ]);
  return getInsight(prisma, staffMemberId, insightId);
}
