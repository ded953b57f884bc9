import {
  isRecurringBlock,
  type TNotificationBlockInput,
  type TNotificationFilterInput,
  type TNotificationPolicyReply,
} from '@sage/contract';
import type { Db, Prisma, PrismaClient } from '@sage/db';
import { orderBlocks } from '@sage/domain';
import { conflict, invalidInput, notFound } from '@sage/service-kit/errors';

/** Notification policies and their blocks and filters (admin API; docs/decisions/0060). */

const policySelect = {
  id: true,
  version: true,
  type: true,
  facilityId: true,
  name: true,
  updatedAt: true,
  blocks: {
    select: {
      id: true,
      executionTimeAfterStartInMs: true,
      recurringIntervalInMs: true,
      isBreakGlass: true,
      priority: true,
      filters: {
        orderBy: { createdAt: 'asc' },
        select: {
          id: true,
          groupIds: true,
          staffMemberIds: true,
          careZoneIds: true,
          severities: true,
          onCallOnly: true,
        },
      },
    },
  },
} as const satisfies Prisma.NotificationPolicySelect;

type PolicyRow = Prisma.NotificationPolicyGetPayload<{ select: typeof policySelect }>;
type FilterRow = PolicyRow['blocks'][number]['filters'][number];

const filterReply = (f: FilterRow) => ({
  filterRid: f.id,
  groupIds: f.groupIds,
  staffMemberIds: f.staffMemberIds,
  careZoneIds: f.careZoneIds,
  severities: f.severities,
  onCallOnly: f.onCallOnly,
});

export const policyReply = (p: PolicyRow): TNotificationPolicyReply => ({
  rid: p.id,
  version: p.version,
  type: p.type,
  facilityRid: p.facilityId,
  name: p.name,
  updatedAt: p.updatedAt.toISOString(),
  notificationBlocks: orderBlocks(p.blocks).map((b) => ({
    blockRid: b.id,
    executionTimeAfterStartInMs: b.executionTimeAfterStartInMs,
    recurringIntervalInMs: b.recurringIntervalInMs,
    isRecurring: isRecurringBlock(b),
    isBreakGlass: b.isBreakGlass,
    priority: b.priority,
    filters: b.filters.map(filterReply),
  })),
});

/** 400 naming the field when a filter names a group, staff member or care zone outside the facility. */
async function checkFilterReferences(
  db: Db,
  facilityId: string,
  filters: { path: string; filter: Partial<TNotificationFilterInput> }[],
): Promise<void> {
  const ids = (key: 'groupIds' | 'staffMemberIds' | 'careZoneIds') => [
    ...new Set(filters.flatMap(({ filter }) => filter[key] ?? [])),
  ];
  const [groups, staff, zones] = await Promise.all([
    db.group.findMany({ where: { facilityId, id: { in: ids('groupIds') } }, select: { id: true } }),
    db.staffMember.findMany({
      where: { id: { in: ids('staffMemberIds') }, groupMemberships: { some: { group: { facilityId } } } },
      select: { id: true },
    }),
    db.careZone.findMany({ where: { facilityId, id: { in: ids('careZoneIds') } }, select: { id: true } }),
  ]);
  const known = {
    groupIds: new Set(groups.map((g) => g.id)),
    staffMemberIds: new Set(staff.map((s) => s.id)),
    careZoneIds: new Set(zones.map((z) => z.id)),
  };
  const issues = filters.flatMap(({ path, filter }) =>
    (['groupIds', 'staffMemberIds', 'careZoneIds'] as const).flatMap((key) =>
      (filter[key] ?? []).flatMap((id, i) =>
        known[key].has(id)
          ? []
          : [{ field: `${path}.${key}.${i}`, rule: 'exists', message: `${id} is not in this facility` }],
      ),
    ),
  );
  if (issues.length) throw invalidInput(issues);
}

const blockPaths = (blocks: TNotificationBlockInput[]) =>
  blocks.flatMap((b, i) =>
    b.filters.map((filter, j) => ({ path: `body.notificationBlocks.${i}.filters.${j}`, filter })),
  );

const blocksCreate = (facilityId: string, blocks: TNotificationBlockInput[]) =>
  blocks.map((b) => ({
    facilityId,
    executionTimeAfterStartInMs: b.executionTimeAfterStartInMs,
    recurringIntervalInMs: b.recurringIntervalInMs,
    isBreakGlass: b.isBreakGlass,
    priority: b.priority,
    filters: { create: b.filters.map((f) => ({ facilityId, ...f })) },
  }));

export async function createPolicy(
  prisma: PrismaClient,
  facility: { facilityId: string; enterpriseId: string },
  body: { type: 'ALERT'; name?: string | undefined; notificationBlocks: TNotificationBlockInput[] },
): Promise<TNotificationPolicyReply> {
  await checkFilterReferences(prisma, facility.facilityId, blockPaths(body.notificationBlocks));
  const policy = await prisma.notificationPolicy.create({
    data: {
      facilityId: facility.facilityId,
      enterpriseId: facility.enterpriseId,
      type: body.type,
      name: body.name ?? null,
      version: 1,
      blocks: { create: blocksCreate(facility.facilityId, body.notificationBlocks) },
    },
    select: policySelect,
  });
  return policyReply(policy);
}

/**
 * The facility's policies, the one in effect first: the newest created, as the worker's escalation picks it
 * (editing an older policy does not make it the one in effect; docs/decisions/0067).
 */
export async function listPolicies(
  prisma: PrismaClient,
  facilityId: string,
): Promise<TNotificationPolicyReply[]> {
  const rows = await prisma.notificationPolicy.findMany({
    where: { facilityId },
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    select: policySelect,
  });
  return rows.map(policyReply);
}

export async function getPolicy(
  prisma: PrismaClient,
  facilityId: string,
  rid: string,
  version?: number,
): Promise<TNotificationPolicyReply> {
  const row = await prisma.notificationPolicy.findFirst({
    where: { id: rid, facilityId },
    select: policySelect,
  });
  if (!row) throw notFound(`Notification policy ${rid} not found in facility ${facilityId}`);
  if (version !== undefined && version !== row.version) {
    throw notFound(`Notification policy ${rid} has no version ${version} (current version ${row.version})`);
  }
  return policyReply(row);
}

const staleVersion = (rid: string, version: number) =>
  conflict(
    `Notification policy ${rid} has changed since version ${version}: reload it and apply your change again`,
    'STALE_VERSION',
  );

/**
 * Changes a policy made on `version`: 409 when someone changed it since (optimistic locking: the version
 * bump is conditional on the version read). Blocks, when given, replace the old ones. Running escalations
 * keep the blocks they started with (the context holds a copy).
 */
export async function patchPolicy(
  prisma: PrismaClient,
  facilityId: string,
  rid: string,
  version: number,
  body: { name?: string | null | undefined; notificationBlocks?: TNotificationBlockInput[] | undefined },
): Promise<TNotificationPolicyReply> {
  if (body.notificationBlocks)
    await checkFilterReferences(prisma, facilityId, blockPaths(body.notificationBlocks));
  return prisma.$transaction(async (tx) => {
    const exists = await tx.notificationPolicy.findFirst({
      where: { id: rid, facilityId },
      select: { version: true },
    });
    if (!exists) throw notFound(`Notification policy ${rid} not found in facility ${facilityId}`);
    const bumped = await tx.notificationPolicy.updateMany({
      where: { id: rid, facilityId, version },
      data: { version: { increment: 1 }, ...(body.name !== undefined ? { name: body.name } : {}) },
    });
    if (bumped.count === 0) throw staleVersion(rid, version);
    if (body.notificationBlocks) {
      await tx.notificationBlock.deleteMany({ where: { policyId: rid, facilityId } });
      for (const block of blocksCreate(facilityId, body.notificationBlocks)) {
        await tx.notificationBlock.create({ data: { ...block, policyId: rid }, select: { id: true } });
      }
    }
    return policyReply(
      await tx.notificationPolicy.findFirstOrThrow({ where: { id: rid }, select: policySelect }),
    );
  });
}

async function findFilter(db: Db, facilityId: string, blockRid: string, filterRid: string) {
  const filter = await db.notificationFilter.findFirst({
    where: { id: filterRid, blockId: blockRid, facilityId },
    select: {
      ...policySelect.blocks.select.filters.select,
      block: { select: { id: true, policy: { select: { id: true, version: true } } } },
    },
  });
  if (!filter) throw notFound(`Filter ${filterRid} of block ${blockRid} not found in facility ${facilityId}`);
  return filter;
}

export async function getFilter(
  prisma: PrismaClient,
  facilityId: string,
  blockRid: string,
  filterRid: string,
) {
  const f = await findFilter(prisma, facilityId, blockRid, filterRid);
  return {
    ...filterReply(f),
    blockRid: f.block.id,
    policyRid: f.block.policy.id,
    notificationPolicyVersion: f.block.policy.version,
  };
}

/** Changes one filter; bumps its policy's version (409 when `version` is given and stale). */
export async function patchFilter(
  prisma: PrismaClient,
  facilityId: string,
  blockRid: string,
  filterRid: string,
  version: number | undefined,
  body: Partial<TNotificationFilterInput>,
) {
  await checkFilterReferences(prisma, facilityId, [{ path: 'body', filter: body }]);
  return prisma.$transaction(async (tx) => {
    const current = await findFilter(tx, facilityId, blockRid, filterRid);
    const policy = current.block.policy;
    const expected = version ?? policy.version;
    const bumped = await tx.notificationPolicy.updateMany({
      where: { id: policy.id, facilityId, version: expected },
      data: { version: { increment: 1 } },
    });
    if (bumped.count === 0) throw staleVersion(policy.id, expected);
    const f = await tx.notificationFilter.update({
      where: { id: filterRid },
      data: body,
      select: policySelect.blocks.select.filters.select,
    });
    return { ...filterReply(f), blockRid, policyRid: policy.id, notificationPolicyVersion: expected + 1 };
  });
}
