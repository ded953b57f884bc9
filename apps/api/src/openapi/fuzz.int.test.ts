import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';
import {
  fieldsOf,
  type Mutation,
  mutationsOf,
  requestMutations,
  unknownFieldMutation,
} from './mutations.testing';
import {
  candidateRequests,
  type FuzzWorld,
  issuesOf,
  namesField,
  type Operation,
  openApiDocument,
  operationsOf,
  type RequestParts,
  seededRandom,
  seedWorld,
  toInject,
} from './operations.testing';

const codeOf = (body: string): unknown => {
  try {
    return (JSON.parse(body) as { code?: unknown }).code;
  } catch {
    return undefined;
  }
};

/** Fixed: the same mutations are sampled on every run (change it to explore others). */
const SEED = 20_261_124;
/** Mutations tried per operation at most (sampled with SEED beyond that), to keep the run short. */
const PER_OPERATION = 80;

/**
 * Bad input never reaches the database (issue 17, decision 0120): every operation of the OpenAPI document
 * (discovered from GET /docs/json, so new routes join by themselves), called as the facility's manager with a
 * valid request built from its schema and the seeded tenant's ids, then with one field changed at a time
 * (NUL, control characters, lone surrogates, oversized, wrong types, null, missing, numbers and dates out of
 * range, unknown fields, malformed JSON, a body over the limit). No reply is a 5xx; a value the schema must
 * refuse is a 4xx; every 400 names the field.
 */
describe('[API][FUZZ] every operation of the OpenAPI document, one bad field at a time', () => {
  let t: TestApp;
  let world: FuzzWorld;
  let operations: Operation[];

  beforeAll(async () => {
    t = await buildTestApp();
    world = await seedWorld(t);
    operations = operationsOf(await openApiDocument(t));
  });
  // Closing (the app, then dropping the database its 6,647 requests filled) took over the 60 s default in CI on the
  // slowest machine measured, beside the other packages' tests; why so long there is not yet known.
  afterAll(() => t.close(), 300_000);

  it('answers no 5xx, refuses what the schema forbids, and names the field of every 400', async () => {
    const random = seededRandom(SEED);
    const failures: string[] = [];
    const invalidBases: string[] = [];
    let sent = 0;
    const send = async (op: Operation, parts: RequestParts) => {
      sent++;
      return t.app.inject(toInject(op, parts, world.headers));
    };

    for (const op of operations) {
      const name = `${op.method} ${op.path}`;
      // The valid request: the first candidate the server does not refuse as a 400.
      const candidates = candidateRequests(op, world.ids);
      let base = candidates[0]!;
      let baseRes = await send(op, base);
      for (const candidate of candidates.slice(1)) {
        if (baseRes.statusCode !== 400) break;
        const res = await send(op, candidate);
        if (res.statusCode >= 500) failures.push(`${name} (valid request): ${res.statusCode} ${res.body}`);
        if (res.statusCode !== 400) [base, baseRes] = [candidate, res];
      }
      if (baseRes.statusCode >= 500)
        failures.push(`${name} (valid request): ${baseRes.statusCode} ${baseRes.body}`);
      const baseIsValid = baseRes.statusCode !== 400;
      if (!baseIsValid) invalidBases.push(name);

      const fields = fieldsOf(op);
      let mutations: Mutation[] = [
        ...fields.flatMap((field) => {
          const extra = unknownFieldMutation(field);
          return [...mutationsOf(field), ...(extra ? [extra] : [])];
        }),
        ...requestMutations(op),
      ];
      if (mutations.length > PER_OPERATION) {
        // Fisher-Yates with the seeded generator, then the first PER_OPERATION.
        mutations = [...mutations];
        for (let i = mutations.length - 1; i > 0; i--) {
          const j = Math.floor(random() * (i + 1));
          [mutations[i], mutations[j]] = [mutations[j]!, mutations[i]!];
        }
        mutations = mutations.slice(0, PER_OPERATION);
      }

      for (const mutation of mutations) {
        const res = await send(op, mutation.apply(base));
        const where = `${name} ${mutation.label}`;
        if (res.statusCode >= 500) {
          failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          continue;
        }
        if (mutation.mustRefuse && (res.statusCode < 400 || res.statusCode >= 500)) {
          failures.push(`${where}: accepted (${res.statusCode}), should be refused`);
          continue;
        }
        if (res.statusCode === 400) {
          const issues = issuesOf(res);
          // Without a valid request to start from (a 400 the rules beyond the schema give), a mutation may
          // meet the same 400 again.
          const sameAsBase = !baseIsValid && codeOf(res.body) === codeOf(baseRes.body);
          // A value the schema allows (null where nullable, an unknown field of a loose object) may break a rule
          // between fields: that 400 names the field the rule is about, which need not be the changed one.
          const named = mutation.mustRefuse ? namesField(issues, mutation.field) : issues.length > 0;
          if (!(named || sameAsBase)) {
            failures.push(`${where}: the 400 does not name ${mutation.field}: ${res.body.slice(0, 300)}`);
          }
        }
      }
    }

    // The routes whose valid request could not be built stay visible (their 400s are only checked for issues).
    console.log(
      `fuzz: ${operations.length} operations, ${sent} requests; no valid request for: ${invalidBases.join(', ') || 'none'}`,
    );
    expect({ invalidBases, sentAtLeastOnePerOperation: sent >= operations.length }).toMatchObject({
      sentAtLeastOnePerOperation: true,
    });
    expect(failures).toEqual([]);
    // Bounded by count (6,648 requests on 2026-11-29, one or a few per mutation), not by time: the limit only
    // guards against a hang. 138 s on an idle AMD EPYC family 26 machine, the slowest measured (its time is mostly
    // PostgreSQL's, not this process's); over 180 s there beside the other packages' tests in CI.
  }, 600_000);
});
