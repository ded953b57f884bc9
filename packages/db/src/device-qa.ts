import { DeviceQaSessionStatus } from '@sage/contract';
import type { Prisma, PrismaClient } from './generated/prisma/client';

type Db = PrismaClient | Prisma.TransactionClient;

/**
 * A facility's walk left in progress past its end time is marked EXPIRED and frees the facility's one-walk
 * key (the ingest already stopped counting its presses at that time: docs/decisions/0271).
 */
export async function expireDeviceQaSessions(db: Db, facilityId: string, now: Date): Promise<void> {
  await db.$executeRaw`
    UPDATE "DeviceQaSession"
       SET status = ${DeviceQaSessionStatus.EXPIRED}, "activeFacilityKey" = NULL, "endedAt" = "expiresAt",
           "updatedAt" = now()
     WHERE "activeFacilityKey" = ${facilityId} AND "expiresAt" <= ${now}`;
}

export interface OpenDeviceQaSessionInput {
  facilityId: string;
  startedById: string | null;
  auditSessionId?: string | null;
  startedAt: Date;
  durationMs: number;
  notes?: string | null;
}

/**
 * Starts a facility's device QA walk: from `startedAt` until `startedAt + durationMs`, every press the ingest
 * applies for the facility is the walk's and raises no alert. One walk per facility (the unique
 * `activeFacilityKey`): a second one fails with a unique violation (P2002), which the caller reports as 409.
 * Used by the device audit service and by the worker's tests (which drive the ingest).
 */
export async function openDeviceQaSession(db: Db, input: OpenDeviceQaSessionInput): Promise<{ id: string }> {
  await expireDeviceQaSessions(db, input.facilityId, input.startedAt);
  return db.deviceQaSession.create({
    data: {
      facilityId: input.facilityId,
      status: DeviceQaSessionStatus.IN_PROGRESS,
      activeFacilityKey: input.facilityId,
      startedById: input.startedById,
      auditSessionId: input.auditSessionId ?? null,
      startedAt: input.startedAt,
      expiresAt: new Date(input.startedAt.getTime() + input.durationMs),
      result: input.notes ? { notes: input.notes } : undefined,
    },
    select: { id: true },
  });
}
