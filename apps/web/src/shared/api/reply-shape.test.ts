import * as contract from '@sage/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseLiveMessage } from '../../features/live/live-messages';
import * as replySchemas from './reply-schemas';
import { checkReply, type ReplyShape } from './reply-shape';
import { replyShapeOf, UnsupportedReplySchemaError } from './reply-shape-of';

// Every check module of the app, as the build serves it (the shapes come from vite.config.ts's plugin).
const checkModules = import.meta.glob<Record<string, { parse: (data: unknown) => unknown }>>(
  '../../features/**/*-checks.ts',
  { eager: true },
);

const schemaNamed = (name: string): z.ZodType =>
  (contract as unknown as Record<string, z.ZodType>)[name] as z.ZodType;

/** A value the shape accepts, the first of each choice. */
function sample(shape: ReplyShape): unknown {
  switch (shape.t) {
    case 's': {
      const min = shape.c?.find((limit) => limit[0] === 'min')?.[1] as number | undefined;
      return 'a'.repeat(Math.max(min ?? 1, 1));
    }
    case 'n': {
      const low = shape.c?.find((limit) => limit[0] === '>=' || limit[0] === '>');
      return low ? (low[1] as number) + (low[0] === '>' ? 1 : 0) : 1;
    }
    case 'b':
      return true;
    case 'u':
      return { anything: [1, 'two'] };
    case 'v':
      return shape.v[0];
    case 'a':
      return [sample(shape.e), sample(shape.e)];
    case 'o':
      return Object.fromEntries(Object.entries(shape.p).map(([key, value]) => [key, sample(value)]));
    case 'r':
      return { first: sample(shape.v), second: sample(shape.v) };
    case '?':
    case '0':
      return sample(shape.i);
    case '|':
      return sample(shape.u[0] as ReplyShape);
    case 'd':
      return sample(Object.values(shape.m)[0] as ReplyShape);
  }
}

/** Values for a place of `shape`: valid ones near every limit and invalid ones of every kind. */
function leafVariants(shape: ReplyShape): unknown[] {
  const any = [null, undefined, 'x', 0, -1, 1.5, true, [], {}, Number.NaN];
  switch (shape.t) {
    case 's': {
      const out: unknown[] = [
        ...any,
        '',
        ' ',
        '\t',
        '\n',
        '\u0000',
        'a\u0001b',
        '\u009f',
        '\uD800',
        '\uDC00a',
        '😀',
      ];
      for (const limit of shape.c ?? []) {
        if (limit[0] === 'min' || limit[0] === 'max') {
          for (const length of [limit[1] - 1, limit[1], limit[1] + 1]) {
            if (length < 0) continue;
            out.push('a'.repeat(length), '😀'.repeat(length), `${'😀'.repeat(Math.floor(length / 2))}a`);
          }
        }
      }
      return out;
    }
    case 'n': {
      const out: unknown[] = [
        ...any,
        2,
        0.5,
        2 ** 53,
        2 ** 53 - 1,
        -(2 ** 53),
        Number.POSITIVE_INFINITY,
        '1',
        1e21,
      ];
      for (const limit of shape.c ?? []) {
        if (typeof limit[1] === 'number')
          out.push(limit[1] - 1, limit[1] - 0.5, limit[1], limit[1] + 0.5, limit[1] + 1);
      }
      return out;
    }
    case 'b':
      return [...any, false, 'true', 1];
    case 'v':
      return [...any, ...shape.v, 'not-one-of-them', `${String(shape.v[0])} `];
    default:
      return any;
  }
}

/** `base` with the value at `path` replaced by each of `values` (or the key removed, for `undefined`). */
function replaced(base: unknown, path: (string | number)[], values: unknown[]): unknown[] {
  return values.map((value) => {
    const copy = structuredClone(base);
    if (path.length === 0) return value;
    let parent = copy as Record<string | number, unknown>;
    for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
    const last = path.at(-1) as string | number;
    if (value === undefined && !Array.isArray(parent)) delete parent[last];
    else parent[last] = value;
    return copy;
  });
}

/** Replies near `base`: each place of the shape changed one at a time, keys removed and added, options swapped. */
function variants(shape: ReplyShape, base: unknown, path: (string | number)[] = []): unknown[] {
  const here = replaced(base, path, leafVariants(shape));
  switch (shape.t) {
    case 'a':
      return [
        ...here,
        ...replaced(base, path, [[], [sample(shape.e)]]),
        ...variants(shape.e, base, [...path, 0]),
      ];
    case 'o': {
      const out = [...here];
      const value = path.reduce<unknown>(
        (node, step) => (node as Record<string | number, unknown>)[step],
        base,
      );
      out.push(...replaced(base, path, [{ ...(value as object), extra: 'stripped', __proto__: { x: 1 } }]));
      out.push(...replaced(base, path, [{ ...(value as object), constructor: 'x', toString: 1 }]));
      for (const [key, property] of Object.entries(shape.p)) {
        // The key inherited, not own: zod reads it (`key in input`).
        const { [key]: moved, ...rest } = value as Record<string, unknown>;
        out.push(...replaced(base, path, [Object.assign(Object.create({ [key]: moved }), rest)]));
        out.push(...variants(property, base, [...path, key]));
      }
      return out;
    }
    case 'r':
      return [
        ...here,
        ...replaced(base, path, [{}, Object.create(null), new Map()]),
        ...variants(shape.v, base, [...path, 'first']),
      ];
    case '?':
    case '0':
      return [...here, ...variants(shape.i, base, path)];
    case '|':
      return [
        ...here,
        ...shape.u.flatMap((option) => variants(option, replaced(base, path, [sample(option)])[0], path)),
      ];
    case 'd':
      return [
        ...here,
        ...Object.values(shape.m).flatMap((option) =>
          variants(option, replaced(base, path, [sample(option)])[0], path),
        ),
      ];
    default:
      return here;
  }
}

function repliesFor(name: string): unknown[] {
  const shape = replyShapeOf(schemaNamed(name) as never, name);
  return variants(shape, sample(shape));
}

const checkedNames = Object.entries(checkModules).flatMap(([file, module]) =>
  Object.keys(module).map((name) => ({
    file,
    name,
    check: module[name] as { parse: (data: unknown) => unknown },
  })),
);

describe('reply checks made from the contract at build time (docs/decisions/0471)', () => {
  it('covers every reply the check modules read, each by its contract schema name', () => {
    expect(checkedNames.length).toBeGreaterThan(20);
    for (const { name } of checkedNames) expect(Object.keys(replySchemas)).toContain(name);
  });

  it.each(checkedNames.map(({ file, name, check }) => [name, file, check] as const))(
    "%s (%s) accepts and strips what zod accepts, refuses what zod refuses with zod's own error",
    async (name, _file, check) => {
      const schema = schemaNamed(name);
      const replies = repliesFor(name);
      let accepted = 0;
      let refused = 0;
      for (const reply of replies) {
        const expected = schema.safeParse(reply);
        const result = check.parse(reply);
        if (expected.success) {
          accepted++;
          // Read by the shape, without loading zod.
          expect(result instanceof Promise, JSON.stringify(reply)).toBe(false);
          expect(result).toStrictEqual(expected.data);
        } else {
          refused++;
          expect(result instanceof Promise, JSON.stringify(reply)).toBe(true);
          const error = await (result as Promise<unknown>).then(
            () => undefined,
            (failure: unknown) => failure,
          );
          expect(error).toBeInstanceOf(z.ZodError);
          expect((error as z.ZodError).issues).toStrictEqual(expected.error.issues);
        }
      }
      // Both sides were exercised.
      expect(accepted).toBeGreaterThan(1);
      expect(refused).toBeGreaterThan(10);
    },
  );

  it('reads /live frames as zod did: the message stripped of unknown keys, or null', () => {
    const replies = repliesFor('ZLiveServerMessageSchema');
    expect(replies.length).toBeGreaterThan(50);
    for (const reply of replies) {
      const expected = contract.ZLiveServerMessageSchema.safeParse(reply);
      const frame = JSON.stringify(reply);
      const viaJson =
        frame === undefined ? null : contract.ZLiveServerMessageSchema.safeParse(JSON.parse(frame));
      expect(parseLiveMessage(frame)).toStrictEqual(viaJson?.success ? viaJson.data : null);
      // And the shape alone, on the value itself (not only what JSON can carry).
      const checked = checkReply(replyShapeOf(contract.ZLiveServerMessageSchema as never), reply);
      expect(checked).toStrictEqual(expected.success ? { ok: true, value: expected.data } : { ok: false });
    }
    expect(parseLiveMessage('not json')).toBeNull();
    expect(parseLiveMessage(undefined)).toBeNull();
  });
});

describe('replyShapeOf', () => {
  it.each([
    ['a transform', z.string().transform((value) => value.length)],
    ['a default', z.object({ a: z.string().default('x') })],
    ['a refinement it cannot read', z.string().refine((value) => value !== 'x')],
    ['a string format', z.email()],
    ['a strict object', z.strictObject({ a: z.string() })],
    ['a loose object', z.looseObject({ a: z.string() })],
    ['a coercion', z.coerce.number()],
    ['a pipe', z.string().pipe(z.string())],
    ['a date', z.date()],
    ['an int32', z.int32()],
    ['a regex', z.string().regex(/a/)],
    ['a record of enum keys', z.record(z.enum(['a', 'b']), z.string())],
  ])('refuses %s, naming the path', (_what, schema) => {
    expect(() => replyShapeOf(z.object({ reply: schema }) as never, 'Reply')).toThrow(
      UnsupportedReplySchemaError,
    );
    expect(() => replyShapeOf(z.object({ reply: schema }) as never, 'Reply')).toThrow(/^Reply\.reply/);
  });

  it("reads the contract's refinements by the pattern they carry", () => {
    expect(replyShapeOf(contract.ZIdSchema as never)).toStrictEqual({
      t: 's',
      c: [
        ['min', 1],
        ['max', contract.ID_MAX_LENGTH],
        ['none', '\\p{Cc}', 'u'],
        ['none', '\\p{Surrogate}', 'u'],
      ],
    });
  });
});
