import type { Socket } from 'node:net';
import {
  type GroupId,
  LIVE_AUTH_TIMEOUT_MS,
  LIVE_CLOSE_CODE_UNAUTHORIZED,
  type TLiveReadyMessage,
  type TLiveResyncMessage,
  ZLiveAuthMessageSchema,
} from '@sage/contract';
import type { PrismaClient } from '@sage/db';
import { derivePermissions } from '@sage/domain';
import type { WebSocket } from 'ws';
import { loadFacilityAccess } from '../admin/staff/access';
import { displaySessionKey, type SessionRegistry } from '../auth/sessions/registry';
import { verifyAccessToken, verifyDisplayToken } from '../auth/tokens/access-token';
import { changesSince, currentVersion, loadAssignments } from './changes';
import {
  type FacilityView,
  facilityView,
  type LiveHub,
  type LiveSubscriber,
  mayReceive,
  taskChangedFrame,
} from './hub';
import { type LiveFrame, liveFrame, liveWriter } from './writer';

export interface SessionDeps {
  hub: LiveHub;
  prisma: PrismaClient;
  /** Live sessions: a socket whose session ends (logout, refresh-token reuse) is closed with 4401. */
  sessions: SessionRegistry;
  jwtSecret: string;
  logger: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

const unauthorized = (socket: WebSocket, reason: string): void => {
  if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) {
    socket.close(LIVE_CLOSE_CODE_UNAUTHORIZED, reason);
  }
};

/** The facilities a staff member works in, with what they may see of each. */
async function loadViews(prisma: PrismaClient, staffMemberId: string): Promise<Map<string, FacilityView>> {
  const access = await loadFacilityAccess(prisma, staffMemberId);
  return new Map(
    access.map((a) => {
      const memberships = a.memberships.map((m) => ({ group: m.group as GroupId, isAdmin: m.isAdmin }));
      const viewer = {
        staffMemberId,
        permissions: derivePermissions({ memberships }),
        groupIds: a.memberships.map((m) => m.groupId),
      };
      return [a.facilityId, facilityView(viewer)];
    }),
  );
}

/**
 * One /live socket (ARCHITECTURE.md "Live updates"): the first frame must be `auth` within 5 s, else (or with
 * a bad token) the socket is closed with 4401. Then `ready` with the facility version, the changes missed
 * since `sinceVersion` (or `resync`), then every change the staff member may see. Changes arriving while
 * the replay is read are held and sent after it, each version once. The socket is closed with 4401 when the
 * access token expires (the client reconnects with a fresh token and its last version, losing nothing) and
 * when its session ends (logout, refresh-token reuse; decision 0130).
 */
export function handleLiveSocket(socket: WebSocket, raw: Socket | undefined, deps: SessionDeps): void {
  const send = liveWriter(socket, raw, deps.logger);
  let subscriber: LiveSubscriber | null = null;
  let expiryTimer: NodeJS.Timeout | null = null;
  let unwatchSession: (() => void) | null = null;
  let authStarted = false;
  const authTimer = setTimeout(() => unauthorized(socket, 'auth required'), LIVE_AUTH_TIMEOUT_MS);

  socket.on('close', () => {
    clearTimeout(authTimer);
    if (expiryTimer) clearTimeout(expiryTimer);
    unwatchSession?.();
    if (subscriber) deps.hub.remove(subscriber);
    subscriber = null;
  });
  socket.on('error', (error) => deps.logger.warn({ err: error }, 'live socket error'));

  socket.on('message', (data, isBinary) => {
    // Only the first frame means anything; later client frames are ignored.
    if (authStarted) return;
    authStarted = true;
    clearTimeout(authTimer);
    authenticate(isBinary ? '' : data.toString()).catch((error) => {
      deps.logger.error({ err: error }, 'live authentication failed');
      socket.close(1011, 'server error');
    });
  });

  async function displayView(
    token: string,
    displayId: string,
  ): Promise<{ facilities: Map<string, FacilityView>; expiresAt: Date } | null> {
    const verified = await verifyDisplayToken(token, deps.jwtSecret);
    if (!verified.ok || verified.claims.stationDisplayId !== displayId) return null;
    const display = await deps.prisma.stationDisplay.findUnique({
      where: { id: displayId },
      select: { facilityId: true, revokedAt: true },
    });
    if (!display || display.revokedAt) return null;
    const viewer = {
      staffMemberId: displayId,
      permissions: { canViewAlerts: true, alertsPolled: false },
      groupIds: [],
    };
    return {
      facilities: new Map([[display.facilityId, facilityView(viewer)]]),
      expiresAt: verified.claims.expiresAt,
    };
  }

  async function authenticate(text: string): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return unauthorized(socket, 'auth required');
    }
    const message = ZLiveAuthMessageSchema.safeParse(json);
    if (!message.success) return unauthorized(socket, 'auth required');
    const { accessToken, staffMemberId, sinceVersion } = message.data;
    const verified = await verifyAccessToken(accessToken, deps.jwtSecret);
    let facilities: Map<string, FacilityView>;
    let expiresAt: Date;
    if (verified.ok) {
      if (verified.claims.staffMemberId !== staffMemberId) return unauthorized(socket, 'profile mismatch');
      if (!(await deps.sessions.isLive(verified.claims.sessionId, staffMemberId)))
        return unauthorized(socket, 'session ended');
      if (socket.readyState !== socket.OPEN) return;
      unwatchSession = deps.sessions.watch(verified.claims.sessionId, () =>
        unauthorized(socket, 'session ended'),
      );
      facilities = await loadViews(deps.prisma, staffMemberId);
      expiresAt = verified.claims.expiresAt;
    } else if (verified.reason === 'display') {
      // A station display (decision 0370): its facility's change frames (ids, status, severity: no PHI), which
      // only tell it to read its own alerts again; `staffMemberId` carries the display's id.
      const display = await displayView(accessToken, staffMemberId);
      if (!display) return unauthorized(socket, 'invalid token');
      if (socket.readyState !== socket.OPEN) return;
      // Unpaired by a manager: the socket closes at once (decision 0514).
      unwatchSession = deps.sessions.watch(displaySessionKey(staffMemberId), () =>
        unauthorized(socket, 'display unpaired'),
      );
      facilities = display.facilities;
      expiresAt = display.expiresAt;
    } else {
      return unauthorized(socket, verified.reason === 'expired' ? 'token expired' : 'invalid token');
    }
    if (socket.readyState !== socket.OPEN) return;

    // Subscribe first and hold live changes until the replay is sent.
    let held: { frame: LiveFrame; version: number }[] | null = [];
    const replayed = new Set<number>();
    const live: LiveSubscriber = {
      staffMemberId,
      facilities,
      deliver(frame, version) {
        if (held) held.push({ frame, version });
        else send(frame);
      },
    };
    subscriber = live;
    deps.hub.add(live);

    const facilityIds = [...facilities.keys()];
    const version = await currentVersion(deps.prisma, facilityIds);
    send(liveFrame(JSON.stringify({ type: 'ready', version } satisfies TLiveReadyMessage)));

    if (sinceVersion !== undefined) {
      const replay = await changesSince(deps.prisma, facilityIds, sinceVersion, version);
      if (replay.kind === 'resync') {
        send(liveFrame(JSON.stringify({ type: 'resync' } satisfies TLiveResyncMessage)));
      } else {
        const restrictedTaskIds = replay.changes
          .filter((c) => !facilities.get(c.facilityId)?.seesAll)
          .map((c) => c.taskId);
        const assignments = await loadAssignments(deps.prisma, [...new Set(restrictedTaskIds)]);
        for (const change of replay.changes) {
          const view = facilities.get(change.facilityId);
          if (!view || !mayReceive(view, assignments.get(change.taskId))) continue;
          replayed.add(change.version);
          send(liveFrame(taskChangedFrame(change)));
        }
      }
    }
    const pending = held;
    held = null;
    for (const { frame, version: v } of pending) if (!replayed.has(v)) send(frame);

    if (socket.readyState !== socket.OPEN) return;
    const msUntilExpiry = expiresAt.getTime() - Date.now();
    expiryTimer = setTimeout(() => unauthorized(socket, 'token expired'), Math.max(0, msUntilExpiry));
  }
}
