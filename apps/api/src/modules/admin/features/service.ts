import type {
  TCreateFeatureRequest,
  TDeletedReply,
  TFeature,
  TListFeaturesQuery,
  TUpdateFeatureRequest,
} from '@sage/contract';
import { Prisma, type PrismaClient } from '@sage/db';
import { notFound } from '@sage/service-kit/errors';
import {
  editableFacility,
  facilityScopeForList,
  loadOrgAccess,
  type OrgAccess,
  visibleFacility,
} from '../enterprises/org-access';
import { staleWrite, unchangedSince, uniqueOr409 } from '../enterprises/write-guards';

const FEATURE_SELECT = {
  id: true,
  facilityId: true,
  name: true,
  isEnabled: true,
  config: true,
  updatedAt: true,
} as const satisfies Prisma.FeatureSelect;
type FeatureRow = Prisma.FeatureGetPayload<{ select: typeof FEATURE_SELECT }>;

const toFeature = (row: FeatureRow): TFeature => ({
  ...row,
  config: (row.config as Record<string, unknown> | null) ?? null,
  updatedAt: row.updatedAt.toISOString(),
});

const NAME_TAKEN = 'The community already has a feature with this name';
const jsonConfig = (config: Record<string, unknown> | null | undefined) =>
  config === undefined ? undefined : config === null ? Prisma.DbNull : (config as Prisma.InputJsonObject);

/** GET /features ?facilityId: the features of the caller's communities (paged, searchable by name). */
export async function listFeatures(
  prisma: PrismaClient,
  callerId: string,
  query: TListFeaturesQuery,
): Promise<TFeature[]> {
  const access = await loadOrgAccess(prisma, callerId);
  const scope = await facilityScopeForList(prisma, access, { facilityId: query.facilityId });
  const rows = await prisma.feature.findMany({
    where: {
      facility: scope,
      ...(query.search ? { name: { contains: query.search, mode: 'insensitive' } } : {}),
    },
    select: FEATURE_SELECT,
    orderBy: [{ facilityId: 'asc' }, { name: 'asc' }],
    take: query.pageSize,
    skip: query.pageNumber * query.pageSize,
  });
  return rows.map(toFeature);
}

async function visibleFeature(
  prisma: PrismaClient,
  access: OrgAccess,
  featureId: string,
): Promise<FeatureRow> {
  const row = await prisma.feature.findUnique({ where: { id: featureId }, select: FEATURE_SELECT });
  if (!row) throw notFound(`Feature ${featureId} not found`);
  await visibleFacility(prisma, access, row.facilityId).catch(() => {
    throw notFound(`Feature ${featureId} not found`);
  });
  return row;
}

export async function getFeature(
  prisma: PrismaClient,
  callerId: string,
  featureId: string,
): Promise<TFeature> {
  const access = await loadOrgAccess(prisma, callerId);
  return toFeature(await visibleFeature(prisma, access, featureId));
}

export async function createFeature(
  prisma: PrismaClient,
  callerId: string,
  body: TCreateFeatureRequest,
): Promise<TFeature> {
  const access = await loadOrgAccess(prisma, callerId);
  await editableFacility(prisma, access, body.facilityId);
  const config = jsonConfig(body.config);
  const row = await uniqueOr409(
    () =>
      prisma.feature.create({
        data: {
          facilityId: body.facilityId,
          name: body.name,
          isEnabled: body.isEnabled,
          ...(config === undefined ? {} : { config }),
        },
        select: FEATURE_SELECT,
      }),
    NAME_TAKEN,
    'FEATURE_NAME_TAKEN',
  );
  return toFeature(row);
}

export async function updateFeature(
  prisma: PrismaClient,
  callerId: string,
  featureId: string,
  body: TUpdateFeatureRequest,
): Promise<TFeature> {
  const access = await loadOrgAccess(prisma, callerId);
  const feature = await visibleFeature(prisma, access, featureId);
  await editableFacility(prisma, access, feature.facilityId);
  const config = jsonConfig(body.config);
  const { count } = await uniqueOr409(
    () =>
      prisma.feature.updateMany({
        where: { id: featureId, ...unchangedSince(body.updatedAt) },
        data: { name: body.name, isEnabled: body.isEnabled, ...(config === undefined ? {} : { config }) },
      }),
    NAME_TAKEN,
    'FEATURE_NAME_TAKEN',
  );
  if (count === 0) throw staleWrite('The feature');
  return toFeature(await visibleFeature(prisma, access, featureId));
}

export async function deleteFeature(
  prisma: PrismaClient,
  callerId: string,
  featureId: string,
): Promise<TDeletedReply> {
  const access = await loadOrgAccess(prisma, callerId);
  const feature = await visibleFeature(prisma, access, featureId);
  await editableFacility(prisma, access, feature.facilityId);
  const { count } = await prisma.feature.deleteMany({ where: { id: featureId } });
  if (count === 0) throw notFound(`Feature ${featureId} not found`);
  return { deleted: [featureId] };
}
