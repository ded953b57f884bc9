import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../env';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export default fp<{ config: Config }>(
  async function config(app: FastifyInstance, opts) {
    app.decorate('config', opts.config);
  },
  { name: 'config' },
);
