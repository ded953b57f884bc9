import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';
import { fieldsOf } from './mutations.testing';
import {
  type FuzzWorld,
  fieldName,
  issuesOf,
  namesField,
  type Operation,
  openApiDocument,
  operationsOf,
  type RequestParts,
  seedWorld,
  toInject,
  validRequest,
} from './operations.testing';

/** The request without the field (a query parameter, or a body property at any depth outside arrays). */
function without(parts: RequestParts, location: 'query' | 'body', path: (string | number)[]): RequestParts {
  const next: RequestParts = { params: { ...parts.params }, query: { ...parts.query }, body: parts.body };
  if (location === 'query') {
    delete next.query[String(path[0])];
    return next;
  }
  if (path.length === 0) return { ...next, body: undefined };
  const body = structuredClone(parts.body) as Record<string, unknown>;
  let target: Record<string, unknown> | undefined = body;
  for (const key of path.slice(0, -1))
    target = target?.[key as string] as Record<string, unknown> | undefined;
  if (target && typeof target === 'object') delete target[String(path.at(-1))];
  return { ...next, body };
}

/**
 * The document and the server agree on what is required (issue 17, decision 0122): for every operation of
 * GET /docs/json, starting from a request with every field, leaving out a field the document calls required
 * is a 400 naming it, and leaving out one it calls optional is never a 400 naming it.
 */
describe('[API][OPENAPI] required and optional fields: the document says what the server does', () => {
  let t: TestApp;
  let world: FuzzWorld;
  let operations: Operation[];

  beforeAll(async () => {
    t = await buildTestApp();
    world = await seedWorld(t);
    operations = operationsOf(await openApiDocument(t));
  });
  afterAll(() => t.close());

  it('omitting a required field is a 400 naming it; omitting an optional one never is', async () => {
    const disagreements: string[] = [];
    let checked = 0;
    for (const op of operations) {
      const full = validRequest(op, world.ids, true);
      const fields = fieldsOf(op).filter(
        (f) => f.location !== 'path' && !f.path.some((segment) => typeof segment === 'number'),
      );
      for (const field of fields) {
        const location = field.location as 'query' | 'body';
        // Nested fields are checked with their parent present: only when the parent is an object in the request.
        const parts = without(full, location, field.path);
        const res = await t.app.inject(toInject(op, parts, world.headers));
        const name = fieldName(location, field.path);
        const named = res.statusCode === 400 && namesField(issuesOf(res), name);
        checked++;
        if (field.required && !named) {
          disagreements.push(
            `${op.method} ${op.path}: ${name} is required in the document, the server answers ${res.statusCode} without it`,
          );
        } else if (!field.required && named && field.path.length > 0) {
          disagreements.push(
            `${op.method} ${op.path}: ${name} is optional in the document, the server requires it: ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(disagreements).toEqual([]);
  }, 180_000);
});
