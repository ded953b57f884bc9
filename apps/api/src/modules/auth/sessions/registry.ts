import type { Db, PrismaClient } from '@sage/db';
import { SESSION_ENDED_CHANNEL } from '@sage/live-bus';

/** Postgres channel announcing an ended session (payload: its id); the NATS relay republishes it (decision 0400). */
export { SESSION_ENDED_CHANNEL };

/** Announces the end of a session to every API process; sent in the transaction that revokes it (at commit). */
export async function announceSessionEnded(db: Db, sessionId: string): Promise<void> {
  await db.$executeRaw`SELECT pg_notify(${SESSION_ENDED_CHANNEL}, ${sessionId})`;
}

/**
 * A station display's live sockets watch `display:<id>` here: unpairing it announces that key, and its sockets
 * close at once (decision 0514). Never a refresh-token id (those are UUIDs).
 */
export const displaySessionKey = (stationDisplayId: string): string => `display:${stationDisplayId}`;
const DISPLAY_KEY_PREFIX = 'display:';

export interface SessionRegistryOptions {
  /**
   * How long a session read as live is trusted without reading it again. Ends are announced at once (this
   * process directly, the others through the bus); this only bounds how long an end made without an
   * announcement (a staff member archived) goes unnoticed.
   */
  trustLiveForMs?: number;
  /** Entries kept per map (live, ended); the oldest are dropped first and simply read again. */
  maxEntries?: number;
  now?: () => number;
}

type Watcher = () => void;

/**
 * Whether the session (refresh-token family) an access token was issued for is still live (decision 0130).
 * A session is live while its first refresh token (whose id is the session id) is not revoked and its staff
 * member is not archived: a primary-key read, remembered in-process. Logout and refresh-token reuse revoke the
 * family and announce it (SESSION_ENDED_CHANNEL); `ended` drops it here and closes the sockets watching it.
 */
export class SessionRegistry {
  private readonly live = new Map<string, { staffMemberId: string; until: number }>();
  private readonly endedIds = new Map<string, true>();
  private readonly watchers = new Map<string, Set<Watcher>>();
  /** Grows on every resync: a read that started before one must not refill the cache. */
  private generation = 0;
  private readonly trustLiveForMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(
    private readonly prisma: PrismaClient,
    options: SessionRegistryOptions = {},
  ) {
    this.trustLiveForMs = options.trustLiveForMs ?? 30_000;
    this.maxEntries = options.maxEntries ?? 50_000;
    this.now = options.now ?? Date.now;
  }

  /** Whether `sessionId` is live and belongs to `staffMemberId`. */
  async isLive(sessionId: string, staffMemberId: string): Promise<boolean> {
    if (this.endedIds.has(sessionId)) return false;
    const known = this.live.get(sessionId);
    if (known && known.until > this.now()) return known.staffMemberId === staffMemberId;
    const generation = this.generation;
    const row = await this.prisma.refreshToken.findUnique({
      where: { id: sessionId },
      select: {
        familyId: true,
        staffMemberId: true,
        revokedAt: true,
        staffMember: { select: { isArchived: true } },
      },
    });
    if (!row || row.familyId !== sessionId || row.revokedAt) {
      this.ended(sessionId);
      return false;
    }
    if (row.staffMember.isArchived) return false;
    if (generation === this.generation && !this.endedIds.has(sessionId)) {
      remember(
        this.live,
        sessionId,
        { staffMemberId: row.staffMemberId, until: this.now() + this.trustLiveForMs },
        this.maxEntries,
      );
    }
    return row.staffMemberId === staffMemberId;
  }

  /** The session ended (revoked here, or announced by another process): refused from now on, sockets closed. */
  ended(sessionId: string): void {
    this.live.delete(sessionId);
    remember(this.endedIds, sessionId, true, this.maxEntries);
    const watching = this.watchers.get(sessionId);
    if (!watching) return;
    this.watchers.delete(sessionId);
    for (const watcher of watching) watcher();
  }

  /** Calls `onEnded` once when the session ends; returns the function that stops watching. */
  watch(sessionId: string, onEnded: Watcher): () => void {
    if (this.endedIds.has(sessionId)) {
      onEnded();
      return () => {};
    }
    let set = this.watchers.get(sessionId);
    if (!set) {
      set = new Set();
      this.watchers.set(sessionId, set);
    }
    set.add(onEnded);
    return () => {
      const current = this.watchers.get(sessionId);
      current?.delete(onEnded);
      if (current?.size === 0) this.watchers.delete(sessionId);
    };
  }

  /**
   * Announcements may have been missed (the bus reconnected): forget what was read as live, and read the
   * watched sessions again (one query), ending those that ended meanwhile.
   */
  async resync(): Promise<void> {
    this.generation++;
    this.live.clear();
    const watched = [...this.watchers.keys()].filter((id) => !id.startsWith(DISPLAY_KEY_PREFIX));
    const displays = [...this.watchers.keys()]
      .filter((id) => id.startsWith(DISPLAY_KEY_PREFIX))
      .map((id) => id.slice(DISPLAY_KEY_PREFIX.length));
    const [rows, paired] = await Promise.all([
      watched.length
        ? this.prisma.refreshToken.findMany({
            where: { id: { in: watched }, revokedAt: null, staffMember: { isArchived: false } },
            select: { id: true },
          })
        : [],
      displays.length
        ? this.prisma.stationDisplay.findMany({
            where: { id: { in: displays }, revokedAt: null },
            select: { id: true },
          })
        : [],
    ]);
    const live = new Set([...rows.map((r) => r.id), ...paired.map((d) => displaySessionKey(d.id))]);
    for (const id of [...watched, ...displays.map(displaySessionKey)]) if (!live.has(id)) this.ended(id);
  }
}

/** Sets a key of an insertion-ordered map, dropping the oldest entries past `max`. */
function remember<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) {
    const oldest = map.keys().next().value;
    if (oldest === undefined) break;
    map.delete(oldest);
  }
}
