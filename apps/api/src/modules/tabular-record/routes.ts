import type { FastifyPluginAsync } from 'fastify';
import dataSourcesRoutes from './data-sources/routes';
import queryDefinitionsRoutes from './query-definitions/routes';
import queryExecutionsRoutes from './query-executions/routes';

/**
 * The tabular record service (sign-in doc section 7; decisions 0280-0283), under /tabularrecord/api/v1 (its
 * authentication is the scope's, modules/index.ts).
 */
const tabularRecordRoutes: FastifyPluginAsync = async (app) => {
  await app.register(dataSourcesRoutes, { prefix: '/dataSources' });
  await app.register(queryDefinitionsRoutes, { prefix: '/queryDefinitions' });
  await app.register(queryExecutionsRoutes, { prefix: '/queryExecutions' });
};
export default tabularRecordRoutes;
