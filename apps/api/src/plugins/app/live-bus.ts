import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPgLiveBus, type LiveBus } from '../../modules/live/bus';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's LISTEN connection: task changes for /live, ended sessions for the auth check. */
    liveBus: LiveBus;
  }
}

/** One Postgres LISTEN connection per API process, opened before the routes and closed with the app. */
export default fp<{ bus?: LiveBus }>(
  async function liveBus(app: FastifyInstance, opts) {
    const bus =
      opts.bus ?? (await createPgLiveBus({ connectionString: app.config.DATABASE_URL, logger: app.log }));
    app.decorate('liveBus', bus);
    if (!opts.bus) app.addHook('onClose', () => bus.close());
  },
  { name: 'live-bus', dependencies: ['config'] },
);
