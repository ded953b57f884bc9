import errors from '@sage/service-kit/errors';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pg from 'pg';
import ingestRoutes from '../ingest/routes';

export interface IngestApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * The ingest plugin on an app of its own, with a small budget (`max` events a gateway) over a long window, so a
 * rate-limit test's count is exact.
 */
export async function startIngestApp(databaseUrl: string, max: number): Promise<IngestApp> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('pool', pool);
  await app.register(errors);
  await app.register(ingestRoutes, { rateLimit: { max, timeWindowMs: 60_000 } });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await pool.end();
    },
  };
}
