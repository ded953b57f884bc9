import type { Db } from '../client';
import type { GroupType, Prisma } from '../generated/prisma/client';
import type { Tenant } from './tenant';

/**
 * Step 10: the default ALERT notification policy: care staff and nurses at once, every minute; break-glass to
 * management too after two minutes. Returns its id.
 */
export async function createDefaultAlertPolicy(
  db: Db,
  tenant: Tenant,
  groups: Partial<Record<GroupType, string>>,
): Promise<string> {
  const { facilityId } = tenant;
  const groupIds = (types: readonly GroupType[]) => types.flatMap((g) => (groups[g] ? [groups[g]] : []));
  const policy = await db.notificationPolicy.create({
    data: {
      ...tenant,
      type: 'ALERT',
      version: 1,
      name: 'Default alert policy',
      blocks: {
        create: [
          {
            facilityId,
            executionTimeAfterStartInMs: 0,
            recurringIntervalInMs: 60_000,
            isBreakGlass: false,
            priority: 1,
            filters: {
              create: [{ facilityId, groupIds: groupIds(['CareStaff', 'NurseMedTech']), onCallOnly: true }],
            },
          },
          {
            facilityId,
            executionTimeAfterStartInMs: 120_000,
            recurringIntervalInMs: 0,
            isBreakGlass: true,
            priority: 2,
            filters: {
              create: [
                {
                  facilityId,
                  groupIds: groupIds(['CareStaff', 'NurseMedTech', 'Management']),
                  onCallOnly: false,
                },
              ],
            },
          },
        ],
      },
    },
    select: { id: true },
  });
  return policy.id;
}

/**
 * Replaces a facility's notification policies with one ALERT policy of `blocks`, for tests whose escalation must
 * follow rules of their own (who, when) rather than the test facility's default policy.
 */
export async function replaceAlertPolicy(
  db: Db,
  facility: Tenant,
  name: string,
  blocks: Prisma.NotificationBlockCreateWithoutPolicyInput[],
): Promise<void> {
  const { facilityId, enterpriseId } = facility;
  await db.notificationPolicy.deleteMany({ where: { facilityId } });
  await db.notificationPolicy.create({
    data: { facilityId, enterpriseId, type: 'ALERT', name, blocks: { create: blocks } },
  });
}
