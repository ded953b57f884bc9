import type { TCreateEhrLockedFieldRequest, TEhrLockedField } from '@sage/contract';
import { isUniqueViolation, type PrismaClient } from '@sage/db';
import { HttpError, notFound } from '@sage/service-kit/errors';
import { callerAtRecord, managerAtFacility, requireManager } from '../residents/community-access';
import { resolveFacilityScope } from '../staff/access';

const SELECT = { id: true, facilityId: true, ehrProvider: true, resourceField: true } as const;

/** GET /ehrLockedFields ?facilityId: the locked fields of the caller's facilities. */
export async function listEhrLockedFields(
  prisma: PrismaClient,
  staffMemberId: string,
  query: { facilityId?: string },
): Promise<TEhrLockedField[]> {
  const facilityIds = await resolveFacilityScope(prisma, staffMemberId, query);
  return prisma.ehrLockedField.findMany({
    where: { facilityId: { in: facilityIds } },
    select: SELECT,
    orderBy: [{ facilityId: 'asc' }, { resourceField: 'asc' }, { ehrProvider: 'asc' }],
  });
}

/** POST /ehrLockedFields: management of the facility; the same lock twice is a 409. */
export async function createEhrLockedField(
  prisma: PrismaClient,
  staffMemberId: string,
  body: TCreateEhrLockedFieldRequest,
): Promise<TEhrLockedField> {
  const at = await managerAtFacility(prisma, staffMemberId, body.facilityId);
  try {
    return await prisma.ehrLockedField.create({
      data: { ...body, enterpriseId: at.enterpriseId },
      select: SELECT,
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new HttpError(
        409,
        `body.resourceField: ${body.resourceField} is already locked by ${body.ehrProvider}`,
        'ALREADY_LOCKED',
        [{ field: 'body.resourceField', rule: 'unique', message: 'Already locked by this EHR provider' }],
      );
    }
    throw error;
  }
}

/** DELETE /ehrLockedFields/{id}: management; the field becomes editable again. */
export async function deleteEhrLockedField(
  prisma: PrismaClient,
  staffMemberId: string,
  id: string,
): Promise<{ id: string }> {
  const row = await prisma.ehrLockedField.findUnique({
    where: { id },
    select: { id: true, facilityId: true },
  });
  const at = await callerAtRecord(prisma, staffMemberId, row, `EHR locked field ${id}`);
  requireManager(at);
  const { count } = await prisma.ehrLockedField.deleteMany({ where: { id } });
  if (!count) throw notFound(`EHR locked field ${id} not found`);
  return { id };
}
