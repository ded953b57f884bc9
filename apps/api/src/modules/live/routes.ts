import websocket from '@fastify/websocket';
import {
  LIVE_PATH,
  type TLiveDeviceQaChangedMessage,
  type TLiveRecognitionReceivedMessage,
} from '@sage/contract';
import type { LiveBus } from '@sage/live-bus';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { loadAssignments } from './changes';
import { LiveHub } from './hub';
import { handleLiveSocket } from './session';

/** Sockets that did not answer a ping within this interval are terminated (dead networks, sleeping phones). */
const PING_INTERVAL_MS = 30_000;
/** Close code sent to clients when this instance shuts down: "service restart", reconnect elsewhere. */
const CLOSE_CODE_RESTART = 1012;

export interface LiveOptions {
  /** The fan-out; by default Postgres LISTEN on a connection of its own. */
  bus?: LiveBus;
}

/**
 * The live channel `/live` (ARCHITECTURE.md "Live updates"): task changes from every API and worker
 * process, fanned out through the LiveBus to this instance's sockets.
 */
export default async function liveRoutes(app: FastifyInstance, options: LiveOptions = {}): Promise<void> {
  const sockets = new Set<WebSocket>();
  const alive = new WeakSet<WebSocket>();

  await app.register(websocket, {
    // No per-message compression (decision 0453): the writer relies on ws's sender never queueing (0690).
    options: { maxPayload: 16 * 1024, perMessageDeflate: false },
    preClose(done) {
      for (const socket of sockets) socket.close(CLOSE_CODE_RESTART, 'server restarting');
      this.websocketServer.close(() => done());
    },
  });

  // The process's bus (plugins/app/live-bus.ts), which also carries the ends of sessions to the auth check.
  const bus = options.bus ?? app.liveBus;
  const hub = new LiveHub((taskIds) => loadAssignments(app.prisma, taskIds), app.log);
  const unsubscribe = bus.subscribe((change) => hub.publish(change));
  const unsubscribeRecognitions = bus.subscribeRecognitions?.((r) =>
    hub.publishToStaff(
      r.facilityRid,
      r.recipientRid,
      JSON.stringify({
        type: 'recognition.received',
        recognitionRid: r.recognitionRid,
        facilityRid: r.facilityRid,
      } satisfies TLiveRecognitionReceivedMessage),
    ),
  );

  // A device QA walk started, ended or expired: every socket of the facility reads the walks in progress again.
  const unsubscribeDeviceQa = bus.subscribeDeviceQa?.((n) =>
    hub.publishToFacility(
      n.facilityRid,
      JSON.stringify({
        type: 'deviceQa.changed',
        facilityId: n.facilityRid,
      } satisfies TLiveDeviceQaChangedMessage),
    ),
  );

  const ping = setInterval(() => {
    for (const socket of sockets) {
      if (!alive.has(socket)) {
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
  }, PING_INTERVAL_MS);
  ping.unref();

  app.addHook('onClose', async () => {
    clearInterval(ping);
    unsubscribe();
    unsubscribeRecognitions?.();
    unsubscribeDeviceQa?.();
  });

  app.get(LIVE_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
    sockets.add(socket);
    alive.add(socket);
    socket.on('pong', () => alive.add(socket));
    socket.on('close', () => sockets.delete(socket));
    // The upgraded request's TCP socket is the one ws writes to: the writer corks it per tick (decision 0453).
    handleLiveSocket(socket, request.raw.socket, {
      hub,
      prisma: app.prisma,
      sessions: app.sessions,
      jwtSecret: app.config.JWT_SECRET,
      logger: app.log,
    });
  });
}
