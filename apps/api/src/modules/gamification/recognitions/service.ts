import type {
  TCreateRecognitionRequest,
  TListRecognitionsQuery,
  TRecognitionReply,
  TSearchRecognitionsRequest,
  TUpdateRecognitionRequest,
} from '@sage/contract';
import type { Prisma, PrismaClient } from '@sage/db';
import type { NotifierDeps } from '@sage/notify';
import { forbidden, invalidInput, notFound } from '@sage/service-kit/errors';
import { type FacilityViewer, facilityScope, loadViewer, type Viewer } from '../../admin/tasks/access';
import { managesInsights, STAFF_SUMMARY } from '../../insights/access';
import { notifyRecognition, pushRecognition } from './announce';

const RECOGNITION_SELECT = {
  id: true,
  facilityId: true,
  recipientId: true,
  workflowId: true,
  note: true,
  seenByRecipient: true,
  createdAt: true,
  sender: { select: STAFF_SUMMARY },
  recipient: { select: STAFF_SUMMARY },
} as const satisfies Prisma.RecognitionSelect;
type RecognitionRow = Prisma.RecognitionGetPayload<{ select: typeof RECOGNITION_SELECT }>;

export const recognitionReply = (r: RecognitionRow): TRecognitionReply => ({
  recognitionRid: r.id,
  recipientRid: r.recipientId,
  facilityRid: r.facilityId,
  seenByRecipient: r.seenByRecipient,
  note: r.note,
  workflowRid: r.workflowId,
  sender: r.sender,
  recipient: r.recipient,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Who sees a recognition (docs/decisions/0293): its recipient and its sender; management of its facility sees
 * all of the facility's.
 */
function visibleWhere(viewer: Viewer, facilities: FacilityViewer[]): Prisma.RecognitionWhereInput {
  if (!facilities.length) return { id: { in: [] } };
  return {
    OR: facilities.map((f) =>
      managesInsights(f)
        ? { facilityId: f.facilityId }
        : {
            facilityId: f.facilityId,
            OR: [{ recipientId: viewer.staffMemberId }, { senderId: viewer.staffMemberId }],
          },
    ),
  };
}

export interface RecognitionDeps {
  prisma: PrismaClient;
  notifier: NotifierDeps | null;
  log: { warn(obj: object, msg: string): void };
}

/**
 * Writes a recognition inside the caller's transaction (a high five from a workflow action or on its own):
 * the recipient must work in the facility and not be the sender. Announced to the recipient's sockets when the
 * transaction commits.
 */
export async function createRecognitionTx(
  tx: Prisma.TransactionClient,
  input: {
    facilityId: string;
    senderId: string;
    recipientId: string;
    note: string | null;
    workflowId: string | null;
  },
  field = 'body.recipientRid',
): Promise<RecognitionRow> {
  if (input.recipientId === input.senderId) {
    throw invalidInput([
      { field, rule: 'not self', message: 'A high five goes to a colleague, not to yourself' },
    ]);
  }
  const works = await tx.groupMembership.findFirst({
    where: {
      facilityId: input.facilityId,
      staffMemberId: input.recipientId,
      staffMember: { isArchived: false },
    },
    select: { id: true },
  });
  if (!works) {
    throw invalidInput([
      { field, rule: 'exists', message: `${input.recipientId} is not a staff member of this facility` },
    ]);
  }
  const row = await tx.recognition.create({
    data: {
      facilityId: input.facilityId,
      senderId: input.senderId,
      recipientId: input.recipientId,
      note: input.note?.trim() ? input.note : null,
      workflowId: input.workflowId,
    },
    select: RECOGNITION_SELECT,
  });
  await notifyRecognition(tx, {
    recognitionRid: row.id,
    recipientRid: row.recipientId,
    facilityRid: row.facilityId,
  });
  return row;
}

/** After the commit: the recipient's push. */
export function announceRecognition(deps: RecognitionDeps, row: RecognitionRow): void {
  pushRecognition(
    deps.notifier,
    {
      recognitionRid: row.id,
      recipientRid: row.recipientId,
      facilityRid: row.facilityId,
      senderId: row.sender.id,
      senderName: `${row.sender.firstName} ${row.sender.lastName}`.trim(),
    },
    deps.log,
  );
}

export async function createRecognition(
  deps: RecognitionDeps,
  staffMemberId: string,
  body: TCreateRecognitionRequest,
): Promise<TRecognitionReply> {
  const viewer = await loadViewer(deps.prisma, staffMemberId);
  const [facility] = facilityScope(viewer, body.facilityRid);
  const row = await deps.prisma.$transaction((tx) =>
    createRecognitionTx(tx, {
      facilityId: facility!.facilityId,
      senderId: staffMemberId,
      recipientId: body.recipientRid,
      note: body.note ?? null,
      workflowId: null,
    }),
  );
  announceRecognition(deps, row);
  return recognitionReply(row);
}

async function findRecognitions(
  prisma: PrismaClient,
  staffMemberId: string,
  filter: {
    facilityRid?: string | undefined;
    recipientRids?: string[] | undefined;
    senderRids?: string[] | undefined;
    seenByRecipient?: boolean | undefined;
    pageNumber?: number | undefined;
    pageSize?: number | undefined;
  },
): Promise<TRecognitionReply[]> {
  const viewer = await loadViewer(prisma, staffMemberId);
  const facilities = facilityScope(viewer, filter.facilityRid);
  const pageSize = filter.pageSize ?? 50;
  const rows = await prisma.recognition.findMany({
    where: {
      AND: [
        visibleWhere(viewer, facilities),
        filter.recipientRids?.length ? { recipientId: { in: filter.recipientRids } } : {},
        filter.senderRids?.length ? { senderId: { in: filter.senderRids } } : {},
        filter.seenByRecipient !== undefined ? { seenByRecipient: filter.seenByRecipient } : {},
      ],
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    skip: (filter.pageNumber ?? 0) * pageSize,
    take: pageSize,
    select: RECOGNITION_SELECT,
  });
  return rows.map(recognitionReply);
}

/** GET /recognitions ?recipientRid, facilityRid, seenByRecipient. */
export const listRecognitions = (prisma: PrismaClient, staffMemberId: string, q: TListRecognitionsQuery) =>
  findRecognitions(prisma, staffMemberId, {
    facilityRid: q.facilityRid,
    recipientRids: q.recipientRid ? [q.recipientRid] : undefined,
    seenByRecipient: q.seenByRecipient,
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
  });

export const searchRecognitions = (
  prisma: PrismaClient,
  staffMemberId: string,
  body: TSearchRecognitionsRequest,
) => findRecognitions(prisma, staffMemberId, body);

async function visibleRecognition(prisma: PrismaClient, staffMemberId: string, recognitionId: string) {
  const viewer = await loadViewer(prisma, staffMemberId);
  const row = await prisma.recognition.findFirst({
    where: { AND: [{ id: recognitionId }, visibleWhere(viewer, [...viewer.facilities.values()])] },
    select: RECOGNITION_SELECT,
  });
  if (!row) throw notFound(`Recognition ${recognitionId} not found`);
  return { viewer, row };
}

export async function getRecognition(
  prisma: PrismaClient,
  staffMemberId: string,
  recognitionId: string,
): Promise<TRecognitionReply> {
  return recognitionReply((await visibleRecognition(prisma, staffMemberId, recognitionId)).row);
}

/** PUT /recognitions/{id}: the recipient marks it seen (or unseen); nobody else may. */
export async function updateRecognition(
  prisma: PrismaClient,
  staffMemberId: string,
  recognitionId: string,
  body: TUpdateRecognitionRequest,
): Promise<TRecognitionReply> {
  const { viewer, row } = await visibleRecognition(prisma, staffMemberId, recognitionId);
  if (row.recipientId !== viewer.staffMemberId) {
    throw forbidden('Only the recipient marks a high five seen');
  }
  const updated = await prisma.recognition.update({
    where: { id: row.id },
    data: { seenByRecipient: body.seenByRecipient },
    select: RECOGNITION_SELECT,
  });
  return recognitionReply(updated);
}
