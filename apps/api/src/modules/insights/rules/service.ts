import {
  type TCreateRuleRequest,
  type TRuleReply,
  type TSearchRulesRequest,
  type TUpdateRuleRequest,
  ZRuleDefinitionSchema,
} from '@sage/contract';
import type { Prisma, PrismaClient } from '@sage/db';
import { forbidden, invalidInput, notFound } from '@sage/service-kit/errors';
import { loadViewer, requireFacility, type Viewer } from '../../admin/tasks/access';
import { requireInsightManager } from '../access';

type RuleRow = Prisma.RuleGetPayload<object>;

const reply = (r: RuleRow): TRuleReply => {
  const definition = ZRuleDefinitionSchema.safeParse(r.definition);
  return {
    ruleRid: r.id,
    facilityRid: r.facilityId,
    enterpriseRid: r.enterpriseId,
    name: r.name,
    category: r.category,
    scope: r.scope,
    isEnabled: r.isEnabled,
    definition: definition.success ? definition.data : null,
    isDefault: r.facilityId === null && r.enterpriseId === null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
};

/**
 * The rules that apply to the caller's facilities (docs/decisions/0292): the built-in ones, those of their
 * enterprises, those of their facilities.
 */
function applicableWhere(viewer: Viewer, facilityIds: string[]): Prisma.RuleWhereInput {
  const enterprises = [
    ...new Set(facilityIds.map((id) => viewer.facilities.get(id)?.enterpriseId).filter(Boolean)),
  ] as string[];
  return {
    OR: [
      { facilityId: null, enterpriseId: null },
      { facilityId: null, enterpriseId: { in: enterprises } },
      { facilityId: { in: facilityIds } },
    ],
  };
}

/** May the caller change this rule? Built-in rules: nobody; a facility's: its management; an enterprise's: management admins there. */
function requireEditor(
  viewer: Viewer,
  rule: { facilityId: string | null; enterpriseId: string | null },
): void {
  if (rule.facilityId) {
    requireInsightManager(viewer, rule.facilityId);
    return;
  }
  if (!rule.enterpriseId) throw forbidden('The built-in rules cannot be changed');
  const admin = [...viewer.facilities.values()].some(
    (f) => f.enterpriseId === rule.enterpriseId && f.permissions.isManagementAdmin,
  );
  if (!admin) throw forbidden('Only management admins of the company change its rules');
}

async function visibleRule(prisma: PrismaClient, viewer: Viewer, ruleId: string): Promise<RuleRow> {
  const rule = await prisma.rule.findFirst({
    where: { AND: [{ id: ruleId }, applicableWhere(viewer, [...viewer.facilities.keys()])] },
  });
  if (!rule) throw notFound(`Rule ${ruleId} not found`);
  return rule;
}

export async function createRule(
  prisma: PrismaClient,
  staffMemberId: string,
  body: TCreateRuleRequest,
): Promise<TRuleReply> {
  const viewer = await loadViewer(prisma, staffMemberId);
  if (!body.facilityRid && !body.enterpriseRid) {
    throw invalidInput([
      {
        field: 'body.facilityRid',
        rule: 'required',
        message: 'Give the facility (or the company) the rule applies to',
      },
    ]);
  }
  let enterpriseId = body.enterpriseRid ?? null;
  if (body.facilityRid) {
    const facility = requireFacility(viewer, body.facilityRid);
    if (enterpriseId && enterpriseId !== facility.enterpriseId) {
      throw invalidInput([
        { field: 'body.enterpriseRid', rule: 'match', message: 'Must be the company of the facility' },
      ]);
    }
    enterpriseId = facility.enterpriseId;
  }
  requireEditor(viewer, { facilityId: body.facilityRid ?? null, enterpriseId });
  const rule = await prisma.rule.create({
    data: {
      facilityId: body.facilityRid ?? null,
      enterpriseId,
      name: body.name,
      category: body.category,
      scope: body.scope,
      isEnabled: body.isEnabled ?? true,
      definition: body.definition,
    },
  });
  return reply(rule);
}

export async function getRule(
  prisma: PrismaClient,
  staffMemberId: string,
  ruleId: string,
): Promise<TRuleReply> {
  const viewer = await loadViewer(prisma, staffMemberId);
  return reply(await visibleRule(prisma, viewer, ruleId));
}

export async function updateRule(
  prisma: PrismaClient,
  staffMemberId: string,
  ruleId: string,
  body: TUpdateRuleRequest,
): Promise<TRuleReply> {
  const viewer = await loadViewer(prisma, staffMemberId);
  const rule = await visibleRule(prisma, viewer, ruleId);
  requireEditor(viewer, rule);
  const updated = await prisma.rule.update({
    where: { id: rule.id },
    data: {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.category !== undefined ? { category: body.category } : {}),
      ...(body.scope !== undefined ? { scope: body.scope } : {}),
      ...(body.isEnabled !== undefined ? { isEnabled: body.isEnabled } : {}),
      ...(body.definition !== undefined ? { definition: body.definition } : {}),
    },
  });
  return reply(updated);
}

/** DELETE /rules/{id}: the rule goes; the insights it raised stay (without their rule). */
export async function deleteRule(
  prisma: PrismaClient,
  staffMemberId: string,
  ruleId: string,
): Promise<{ deleted: string[] }> {
  const viewer = await loadViewer(prisma, staffMemberId);
  const rule = await visibleRule(prisma, viewer, ruleId);
  requireEditor(viewer, rule);
  await prisma.rule.deleteMany({ where: { id: rule.id } });
  return { deleted: [rule.id] };
}

export async function searchRules(
  prisma: PrismaClient,
  staffMemberId: string,
  body: TSearchRulesRequest,
): Promise<TRuleReply[]> {
  const viewer = await loadViewer(prisma, staffMemberId);
  const facilityIds = body.facilityRid
    ? [requireFacility(viewer, body.facilityRid).facilityId]
    : [...viewer.facilities.keys()];
  const rules = await prisma.rule.findMany({
    where: {
      AND: [
        applicableWhere(viewer, facilityIds),
        body.categories?.length ? { category: { in: body.categories } } : {},
        body.isEnabled !== undefined ? { isEnabled: body.isEnabled } : {},
      ],
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: 500,
  });
  return rules.map(reply);
}
