import { SERVICE_BASE_PATHS } from '@sage/contract';
import type { FastifyInstance } from 'fastify';
import unitsRoutes from './admin/units/routes';
import healthRoutes from './system/health/routes';

/**
 * Every service under its base path. Services are encapsulated plugins; the authentication hook is
 * added once per service scope, so a route is protected by where it is registered.
 */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);

  await app.register(
    async (admin) => {
      admin.addHook('onRequest', admin.authenticate);
      await admin.register(unitsRoutes, { prefix: '/units' });
    },
    { prefix: SERVICE_BASE_PATHS.admin },
  );
}
