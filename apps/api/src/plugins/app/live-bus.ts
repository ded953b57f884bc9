import { setTaskChangeNotify } from '@sage/db';
import {
  createNatsLiveBus,
  createPgLiveBus,
  type LiveBus,
  type LiveRelay,
  startLiveRelay,
} from '@sage/live-bus';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's live bus: task changes for /live, ended sessions for the auth check, high fives. */
    liveBus: LiveBus;
  }
}

/**
 * The live bus, opened before the routes and closed with the app: one Postgres LISTEN connection per API
 * process (the default), or, with LIVE_BUS_URL=nats://..., a NATS subscription and a relay candidate
 * (decision 0400).
 */
export default fp<{ bus?: LiveBus }>(
  async function liveBus(app: FastifyInstance, opts) {
    if (opts.bus) {
      app.decorate('liveBus', opts.bus);
      return;
    }
    const natsUrl = app.config.LIVE_BUS_URL;
    if (!natsUrl) {
      const bus = await createPgLiveBus({ connectionString: app.config.DATABASE_URL, logger: app.log });
      app.decorate('liveBus', bus);
      app.addHook('onClose', () => bus.close());
      return;
    }
    setTaskChangeNotify(false);
    const connectionString = app.config.DATABASE_URL;
    const bus = await createNatsLiveBus({ natsUrl, connectionString, logger: app.log });
    let relay: LiveRelay;
    try {
      relay = await startLiveRelay({ natsUrl, connectionString, logger: app.log });
    } catch (error) {
      await bus.close();
      throw error;
    }
    app.decorate('liveBus', bus);
    app.addHook('onClose', async () => {
      await relay.close();
      await bus.close();
      setTaskChangeNotify(true);
    });
  },
  { name: 'live-bus', dependencies: ['config'] },
);
