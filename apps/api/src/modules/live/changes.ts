import type { PrismaClient, TaskChangedNotification } from '@sage/db';
import type { VisibleTask } from '@sage/domain';

/**
 * Replay for reconnecting clients (decision 0031): the changes since a version are replayed when there
 * are at most LIVE_REPLAY_MAX_CHANGES of them and none is older than LIVE_REPLAY_MAX_AGE_MS; otherwise the
 * client is told to resync (refetch).
 */
export const LIVE_REPLAY_MAX_CHANGES = 1_000;
export const LIVE_REPLAY_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** The latest version of the given facilities (0 when none changed yet): the `ready` version. */
export async function currentVersion(prisma: PrismaClient, facilityIds: readonly string[]): Promise<number> {
  if (!facilityIds.length) return 0;
  const rows = await prisma.$queryRawUnsafe<{ version: string | null }[]>(
    `SELECT max(latest.version)::text AS version
       FROM unnest($1::text[]) AS f(id)
       CROSS JOIN LATERAL (
         SELECT version FROM "TaskChange" WHERE "facilityId" = f.id ORDER BY version DESC LIMIT 1
       ) AS latest`,
    facilityIds,
  );
  return Number(rows[0]?.version ?? 0);
}

export type Replay = { kind: 'changes'; changes: TaskChangedNotification[] } | { kind: 'resync' };

export async function changesSince(
  prisma: PrismaClient,
  facilityIds: readonly string[],
  sinceVersion: number,
  latestVersion: number,
  now = new Date(),
): Promise<Replay> {
  // A version this server never gave for these facilities (another database, a restore): refetch.
  if (sinceVersion > latestVersion) return { kind: 'resync' };
  if (sinceVersion === latestVersion || !facilityIds.length) return { kind: 'changes', changes: [] };
  // The client's last version was pruned (older than the retention, decision 0033): what followed it may
  // be gone too, so the rows left cannot be trusted to be complete.
  if (sinceVersion > 0) {
    const seen = await prisma.$queryRawUnsafe<unknown[]>(
      'SELECT 1 FROM "TaskChange" WHERE version = $1::bigint',
      String(sinceVersion),
    );
    if (!seen.length) return { kind: 'resync' };
  }
  const rows = await prisma.$queryRawUnsafe<
    (Omit<TaskChangedNotification, 'version'> & { version: string; changedAt: Date })[]
  >(
    `SELECT version::text AS version, "facilityId", "taskId", status::text AS status, severity::text AS severity, "changedAt"
       FROM "TaskChange"
      WHERE "facilityId" = ANY($1::text[]) AND version > $2::bigint AND version <= $3::bigint
      ORDER BY version
      LIMIT ${LIVE_REPLAY_MAX_CHANGES + 1}`,
    facilityIds,
    String(sinceVersion),
    String(latestVersion),
  );
  if (rows.length > LIVE_REPLAY_MAX_CHANGES) return { kind: 'resync' };
  const oldest = rows[0];
  if (oldest && now.getTime() - oldest.changedAt.getTime() > LIVE_REPLAY_MAX_AGE_MS)
    return { kind: 'resync' };
  return {
    kind: 'changes',
    changes: rows.map(({ changedAt: _changedAt, ...row }) => ({ ...row, version: Number(row.version) })),
  };
}

/** The assignment of tasks, for viewers who see only the tasks assigned to them or their groups. */
export async function loadAssignments(
  prisma: PrismaClient,
  taskIds: readonly string[],
): Promise<Map<string, VisibleTask>> {
  if (!taskIds.length) return new Map();
  const tasks = await prisma.task.findMany({
    where: { id: { in: [...taskIds] } },
    select: { id: true, assigneeId: true, assigneeGroupId: true },
  });
  return new Map(tasks.map((t) => [t.id, { assigneeId: t.assigneeId, assigneeGroupId: t.assigneeGroupId }]));
}
