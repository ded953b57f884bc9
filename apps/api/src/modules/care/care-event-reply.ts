import type { ResolutionType, TCareEvent } from '@sage/contract';
import type { Db, Prisma } from '@sage/db';
import { notFound } from '@sage/service-kit/errors';

/** What a care event reply reads (allow-list). */
export const CARE_EVENT_SELECT = {
  id: true,
  facilityId: true,
  residentIds: true,
  creatorEntityIds: true,
  taskId: true,
  unitId: true,
  staffAssistCount: true,
  eventTimestamp: true,
  createdAt: true,
  updatedAt: true,
  careOutcomes: {
    select: { id: true, residentId: true, outcome: true, careProvided: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  },
  notes: {
    select: { id: true, noteType: true, content: true, creatorId: true, createdAt: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  },
} as const satisfies Prisma.CareEventSelect;

export type CareEventRow = Prisma.CareEventGetPayload<{ select: typeof CARE_EVENT_SELECT }>;

export const toCareEvent = (e: CareEventRow): TCareEvent => ({
  careEventRid: e.id,
  facilityRid: e.facilityId,
  residentRids: e.residentIds,
  creatorEntityRids: e.creatorEntityIds,
  careOutcomes: e.careOutcomes.map((o) => ({
    id: o.id,
    residentRid: o.residentId,
    outcome: o.outcome,
    careProvided: o.careProvided as ResolutionType,
  })),
  alertRid: e.taskId,
  unitId: e.unitId,
  staffAssistCount: e.staffAssistCount,
  eventTimestamp: e.eventTimestamp.getTime(),
  createdAt: e.createdAt.getTime(),
  updatedAt: e.updatedAt.getTime(),
  notes: e.notes.map((n) => ({
    id: n.id,
    noteType: n.noteType,
    content: n.content,
    creatorRid: n.creatorId,
    createdAt: n.createdAt.getTime(),
  })),
});

/** A care event of one of the given facilities, or 404 (another facility's event is not revealed). */
export async function findCareEvent(
  db: Db,
  careEventId: string,
  facilityIds: string[],
): Promise<CareEventRow> {
  const event = await db.careEvent.findFirst({
    where: { id: careEventId, facilityId: { in: facilityIds } },
    select: CARE_EVENT_SELECT,
  });
  if (!event) throw notFound(`Care event ${careEventId} not found`);
  return event;
}
