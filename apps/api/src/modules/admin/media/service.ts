import { isMockResourceId, MEDIA_IMAGE_MAX_BYTES, type TMediaImageStoredReply } from '@sage/contract';
import type { PrismaClient } from '@sage/db';
import { canSeeEnterprise, detectImageType } from '@sage/domain';
import { forbidden, HttpError, invalidInput, notFound } from '@sage/service-kit/errors';
import { loadOrgAccess, type OrgAccess } from '../enterprises/org-access';
import { uniqueOr409 } from '../enterprises/write-guards';

/**
 * Media images (decision 0178): stored in the database per company, uploaded as octet-stream (the type read
 * from the magic bytes), read back as text (a data URL). 'ri.mock' ids are never stored nor fetched.
 */
const mockRefused = (resourceId: string) =>
  invalidInput([
    {
      field: 'params.resourceId',
      rule: 'mock',
      message: `Resource ids beginning 'ri.mock' are never fetched nor stored (${resourceId})`,
    },
  ]);

async function visibleImage(prisma: PrismaClient, access: OrgAccess, resourceId: string) {
  const image = await prisma.mediaImage.findUnique({
    where: { resourceId },
    select: { id: true, enterpriseId: true, contentType: true, data: true },
  });
  if (!image?.enterpriseId || !canSeeEnterprise(access.memberships, image.enterpriseId)) {
    throw notFound(`Image ${resourceId} not found`);
  }
  return image;
}

/** Management of the company (or provider support) changes its images. */
function requireImageEditor(access: OrgAccess, enterpriseId: string): void {
  const ok =
    access.providerSupport ||
    access.memberships.some((m) => m.enterpriseId === enterpriseId && m.group === 'Management');
  if (!ok) throw forbidden("Only management may change a company's images");
}

export async function getImageText(
  prisma: PrismaClient,
  callerId: string,
  resourceId: string,
): Promise<string> {
  if (isMockResourceId(resourceId)) {
    throw new HttpError(404, `Mock images are never fetched (${resourceId})`, 'MOCK_RESOURCE');
  }
  const access = await loadOrgAccess(prisma, callerId);
  const image = await visibleImage(prisma, access, resourceId);
  return `data:${image.contentType};base64,${Buffer.from(image.data).toString('base64')}`;
}

export async function putImage(
  prisma: PrismaClient,
  callerId: string,
  resourceId: string,
  enterpriseIdAsked: string | undefined,
  body: unknown,
): Promise<TMediaImageStoredReply> {
  if (isMockResourceId(resourceId)) throw mockRefused(resourceId);
  if (!Buffer.isBuffer(body) || body.length === 0) {
    throw invalidInput([
      { field: 'body', rule: 'required', message: 'Send the image bytes as application/octet-stream' },
    ]);
  }
  if (body.length > MEDIA_IMAGE_MAX_BYTES) {
    throw new HttpError(413, `Images are at most ${MEDIA_IMAGE_MAX_BYTES} bytes`, 'IMAGE_TOO_LARGE');
  }
  const contentType = detectImageType(body);
  if (!contentType) {
    throw invalidInput([
      { field: 'body', rule: 'image', message: 'Expected a PNG, JPEG, GIF or WebP image' },
    ]);
  }
  const access = await loadOrgAccess(prisma, callerId);
  const enterpriseId = enterpriseIdAsked ?? access.memberships[0]?.enterpriseId;
  if (!enterpriseId || !canSeeEnterprise(access.memberships, enterpriseId)) {
    throw notFound(`Enterprise ${enterpriseIdAsked ?? ''} not found`);
  }
  requireImageEditor(access, enterpriseId);
  const existing = await prisma.mediaImage.findUnique({
    where: { resourceId },
    select: { enterpriseId: true },
  });
  if (existing && existing.enterpriseId !== enterpriseId) {
    // Another company's id (or this company's under another): never overwritten, never confirmed.
    throw notFound(`Image ${resourceId} not found`);
  }
  const data = new Uint8Array(body);
  await uniqueOr409(
    () =>
      prisma.mediaImage.upsert({
        where: { resourceId },
        create: { resourceId, enterpriseId, contentType, data },
        update: { contentType, data },
      }),
    'The image was stored by someone else meanwhile',
    'STALE_WRITE',
  );
  return { resourceId, contentType, size: body.length };
}

export async function deleteImage(prisma: PrismaClient, callerId: string, resourceId: string) {
  if (isMockResourceId(resourceId)) throw mockRefused(resourceId);
  const access = await loadOrgAccess(prisma, callerId);
  const image = await visibleImage(prisma, access, resourceId);
  requireImageEditor(access, image.enterpriseId as string);
  await prisma.mediaImage.deleteMany({ where: { id: image.id } });
  return { deleted: [resourceId] };
}
