import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@sage/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The operationId of a route that names none (decision 0123): the method, then each path segment in
 * camel case, `{param}` as `ByParam`; the `api` and version segments of the base paths are left out.
 * `GET /admin/api/v1/tasks/{taskId}/notes` → `getAdminTasksByTaskIdNotes`. Stable (it depends only on method
 * and path) and unique wherever method and path are (a test checks).
 */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api' && !/^v\d+$/.test(segment))
    .flatMap((segment) => {
      const param = /^[{:](\w+)}?$/.exec(segment);
      const parts = (param ? param[1]! : segment).split(/[^A-Za-z0-9]+/).filter(Boolean);
      return param ? ['by', ...parts] : parts;
    });
  return [method.toLowerCase(), ...words.map(capitalize)].join('');
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & {
  route: { method: string | string[]; url: string };
};

/** Zod schemas to JSON schema, plus an operationId for every route that names none. */
function transform(input: TransformInput) {
  const result = jsonSchemaTransform(input);
  const schema = result.schema as Record<string, unknown> | undefined;
  if (schema && !schema.hide && !schema.operationId) {
    const method = Array.isArray(input.route.method) ? input.route.method[0]! : input.route.method;
    schema.operationId = operationIdFor(method, input.url);
  }
  return result;
}

/** OpenAPI document generated from the contract's zod schemas, served with its UI at /docs. */
export default fp(async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Sage Care API',
        version: APP_VERSION,
        description: 'Every service of Sage Care under its base path; generated from the contract.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          profile: { type: 'apiKey', in: 'header', name: 'x-sage-profile-rid' },
        },
      },
      security: [{ bearer: [], profile: [] }],
    },
    transform: transform as typeof jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
});
