/**
 * Build time only (vite.config.ts, tests): a contract zod schema written as a `ReplyShape` (docs/decisions/0471).
 * It reads zod's own definition of the schema (`_zod.def`), so the shapes follow the contract. Only what
 * `checkReply` reads exactly as zod does is written; anything else (a transform, a default, a refinement, a
 * format, a coercion, a catch-all, ...) throws, naming the path, so the build stops rather than check
 * differently.
 */
import type { ReplyLimit, ReplyShape } from './reply-shape';

interface ZodInternals {
  def: Record<string, unknown> & { type: string; checks?: { _zod: { def: Record<string, unknown> } }[] };
  optin?: string;
  optout?: string;
  values?: Set<unknown>;
  propValues?: Record<string, Set<unknown>>;
}
type ZodLike = { _zod: ZodInternals };

export function isZodSchema(value: unknown): value is ZodLike {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

export class UnsupportedReplySchemaError extends Error {
  override readonly name = 'UnsupportedReplySchemaError';
}

function limitsOf(schema: ZodLike, path: string): ReplyLimit[] | undefined {
  const limits: ReplyLimit[] = [];
  // A schema made as a check (`z.int()`) is its own first check, as zod runs it.
  const own =
    schema._zod.def.check === undefined
      ? []
      : [{ check: schema._zod.def.check, format: schema._zod.def.format }];
  for (const def of [...own, ...(schema._zod.def.checks ?? []).map((check) => check._zod.def)]) {
    const {
      check: kind,
      value,
      inclusive,
      minimum,
      maximum,
      format,
      when,
      fn,
    } = def as Record<string, unknown>;
    // A refinement the contract marks with the pattern it refuses (`hasNone` in contract/src/common.ts).
    const noneOf = typeof fn === 'function' ? (fn as { noneOf?: unknown }).noneOf : undefined;
    if (kind === 'custom' && noneOf instanceof RegExp && !/[gy]/.test(noneOf.flags) && when === undefined) {
      const others = Object.keys(def).filter(
        (key) => !['type', 'check', 'fn', 'error', 'abort', 'params'].includes(key),
      );
      if (others.length > 0) throw new UnsupportedReplySchemaError(`${path}: refinement with ${others}`);
      limits.push(['none', noneOf.source, noneOf.flags]);
      continue;
    }
    const unexpected = Object.keys(def).filter(
      (key) =>
        !['check', 'value', 'inclusive', 'minimum', 'maximum', 'format', 'abort', 'error', 'when'].includes(
          key,
        ),
    );
    // `.int()` adds a whole number schema (`z.int()`) as the check: its own type and (empty) checks come along.
    const asSchema = def as { type?: unknown; coerce?: unknown; checks?: unknown[] };
    if (asSchema.type === schema._zod.def.type && !asSchema.coerce && !asSchema.checks?.length) {
      unexpected.splice(
        0,
        unexpected.length,
        ...unexpected.filter((key) => !['type', 'coerce', 'checks'].includes(key)),
      );
    }
    // A `when` of our own would skip the check; zod's length checks carry theirs (run on anything with a length).
    if (when !== undefined && (typeof when !== 'function' || when.name !== '_whenHasLength'))
      unexpected.push('when');
    if (unexpected.length > 0)
      throw new UnsupportedReplySchemaError(`${path}: check ${String(kind)} with ${unexpected}`);
    if (kind === 'min_length' && typeof minimum === 'number') limits.push(['min', minimum]);
    else if (kind === 'max_length' && typeof maximum === 'number') limits.push(['max', maximum]);
    else if (kind === 'greater_than' && typeof value === 'number')
      limits.push([inclusive ? '>=' : '>', value]);
    else if (kind === 'less_than' && typeof value === 'number') limits.push([inclusive ? '<=' : '<', value]);
    else if (kind === 'number_format' && format === 'safeint') limits.push(['int']);
    else throw new UnsupportedReplySchemaError(`${path}: check ${String(kind)} ${String(format ?? '')}`);
  }
  return limits.length > 0 ? limits : undefined;
}

function childOf(value: unknown, path: string): ZodLike {
  if (!isZodSchema(value)) throw new UnsupportedReplySchemaError(`${path}: not a zod schema`);
  return value;
}

function noLimits(schema: ZodLike, path: string): void {
  if (limitsOf(schema, path))
    throw new UnsupportedReplySchemaError(`${path}: limits on a ${schema._zod.def.type}`);
}

/** `schema` as a `ReplyShape`; throws `UnsupportedReplySchemaError` for anything `checkReply` does not read. */
export function replyShapeOf(schema: ZodLike, path = '(reply)'): ReplyShape {
  const internals = schema._zod;
  const def = internals.def;
  if (def.coerce) throw new UnsupportedReplySchemaError(`${path}: coercion`);
  switch (def.type) {
    case 'string': {
      if (def.format !== undefined || def.pattern !== undefined || def.check !== undefined) {
        throw new UnsupportedReplySchemaError(`${path}: string format ${String(def.format)}`);
      }
      const c = limitsOf(schema, path);
      return c ? { t: 's', c } : { t: 's' };
    }
    case 'number': {
      const c = limitsOf(schema, path);
      return c ? { t: 'n', c } : { t: 'n' };
    }
    case 'boolean':
      noLimits(schema, path);
      return { t: 'b' };
    case 'unknown':
      noLimits(schema, path);
      return { t: 'u' };
    case 'enum':
    case 'literal': {
      noLimits(schema, path);
      const values = [...(internals.values ?? [])];
      for (const value of values) {
        const json =
          value === null ||
          typeof value === 'string' ||
          typeof value === 'boolean' ||
          (typeof value === 'number' && Number.isFinite(value));
        if (!json) throw new UnsupportedReplySchemaError(`${path}: ${def.type} value ${String(value)}`);
      }
      return { t: 'v', v: values as (string | number | boolean | null)[] };
    }
    case 'optional':
    case 'nullable': {
      noLimits(schema, path);
      const inner = childOf(def.innerType, path);
      if (inner._zod.optin === 'defaulted') throw new UnsupportedReplySchemaError(`${path}: a default`);
      return { t: def.type === 'optional' ? '?' : '0', i: replyShapeOf(inner, path) };
    }
    case 'array': {
      const c = limitsOf(schema, path);
      const e = replyShapeOf(childOf(def.element, `${path}[]`), `${path}[]`);
      return c ? { t: 'a', e, c } : { t: 'a', e };
    }
    case 'object': {
      noLimits(schema, path);
      if (def.catchall !== undefined)
        throw new UnsupportedReplySchemaError(`${path}: catch-all (strict or loose)`);
      const shape = def.shape as Record<string, unknown>;
      if (Object.getOwnPropertySymbols(shape).length > 0 || Object.hasOwn(shape, '__proto__')) {
        throw new UnsupportedReplySchemaError(`${path}: symbol or __proto__ key`);
      }
      const p: Record<string, ReplyShape> = {};
      const o: string[] = [];
      for (const [key, value] of Object.entries(shape)) {
        const property = childOf(value, `${path}.${key}`);
        const { optin, optout } = property._zod;
        if (optin === 'optional' && optout === 'optional') o.push(key);
        else if (optin !== undefined || optout !== undefined) {
          throw new UnsupportedReplySchemaError(`${path}.${key}: optional in ${optin}, out ${optout}`);
        }
        p[key] = replyShapeOf(property, `${path}.${key}`);
      }
      return o.length > 0 ? { t: 'o', p, o } : { t: 'o', p };
    }
    case 'record': {
      noLimits(schema, path);
      const key = childOf(def.keyType, path);
      if (
        key._zod.def.type !== 'string' ||
        key._zod.def.checks?.length ||
        key._zod.def.format !== undefined
      ) {
        throw new UnsupportedReplySchemaError(`${path}: record keys other than any string`);
      }
      if (def.mode !== undefined || def.partial)
        throw new UnsupportedReplySchemaError(`${path}: record mode`);
      return { t: 'r', v: replyShapeOf(childOf(def.valueType, `${path}{}`), `${path}{}`) };
    }
    case 'union': {
      noLimits(schema, path);
      const options = (def.options as unknown[]).map((option, index) => childOf(option, `${path}|${index}`));
      if (typeof def.discriminator !== 'string') {
        if (def.inclusive === false) throw new UnsupportedReplySchemaError(`${path}: exclusive union`);
        return { t: '|', u: options.map((option, index) => replyShapeOf(option, `${path}|${index}`)) };
      }
      if (def.unionFallback) throw new UnsupportedReplySchemaError(`${path}: union fallback`);
      const key = def.discriminator;
      const m: Record<string, ReplyShape> = {};
      options.forEach((option, index) => {
        for (const tag of option._zod.propValues?.[key] ?? []) {
          if (typeof tag !== 'string' || Object.hasOwn(m, tag)) {
            throw new UnsupportedReplySchemaError(`${path}: discriminator value ${String(tag)}`);
          }
          m[tag] = replyShapeOf(option, `${path}(${tag})`);
        }
        if (!option._zod.propValues?.[key]?.size)
          throw new UnsupportedReplySchemaError(`${path}|${index}: no tag`);
      });
      return { t: 'd', k: key, m };
    }
    default:
      throw new UnsupportedReplySchemaError(`${path}: ${def.type}`);
  }
}

/**
 * The source of a module exporting each of `schemas` (contract exports by name) that has a shape, as `export
 * const <name>`; a shape met more than once is one constant, so that the bundle keeps one copy and tree-shakes
 * the rest. Schemas without a shape are left out (`replyShapeOf` says why when one is asked for).
 */
export function replyShapesModule(schemas: Record<string, unknown>): string {
  const shapes = new Map<string, ReplyShape>();
  for (const [name, value] of Object.entries(schemas)) {
    if (!isZodSchema(value)) continue;
    try {
      shapes.set(name, replyShapeOf(value, name));
    } catch (error) {
      if (!(error instanceof UnsupportedReplySchemaError)) throw error;
    }
  }
  // Count each sub-shape by its JSON; those used more than once become constants.
  const uses = new Map<string, number>();
  const count = (shape: ReplyShape): void => {
    const json = JSON.stringify(shape);
    uses.set(json, (uses.get(json) ?? 0) + 1);
    if ((uses.get(json) ?? 0) > 1) return;
    for (const child of childrenOf(shape)) count(child);
  };
  for (const shape of shapes.values()) count(shape);
  const constants = new Map<string, string>();
  const lines: string[] = [];
  const write = (shape: ReplyShape): string => {
    const json = JSON.stringify(shape);
    const known = constants.get(json);
    if (known) return known;
    const source = sourceOf(shape, write);
    if ((uses.get(json) ?? 0) < 2 || json.length < 12) return source;
    const name = `s${constants.size}`;
    lines.push(`const ${name} = ${source};`);
    constants.set(json, name);
    return name;
  };
  for (const [name, shape] of shapes) lines.push(`export const ${name} = ${write(shape)};`);
  return `${lines.join('\n')}\n`;
}

function childrenOf(shape: ReplyShape): ReplyShape[] {
  switch (shape.t) {
    case 'a':
      return [shape.e];
    case 'o':
      return Object.values(shape.p);
    case 'r':
      return [shape.v];
    case '?':
    case '0':
      return [shape.i];
    case '|':
      return [...shape.u];
    case 'd':
      return Object.values(shape.m);
    default:
      return [];
  }
}

function sourceOf(shape: ReplyShape, write: (shape: ReplyShape) => string): string {
  const entries = (record: Readonly<Record<string, ReplyShape>>) =>
    `{${Object.entries(record)
      .map(([key, value]) => `${JSON.stringify(key)}:${write(value)}`)
      .join(',')}}`;
  switch (shape.t) {
    case 'a':
      return `{t:"a",e:${write(shape.e)}${shape.c ? `,c:${JSON.stringify(shape.c)}` : ''}}`;
    case 'o':
      return `{t:"o",p:${entries(shape.p)}${shape.o ? `,o:${JSON.stringify(shape.o)}` : ''}}`;
    case 'r':
      return `{t:"r",v:${write(shape.v)}}`;
    case '?':
    case '0':
      return `{t:"${shape.t}",i:${write(shape.i)}}`;
    case '|':
      return `{t:"|",u:[${shape.u.map(write).join(',')}]}`;
    case 'd':
      return `{t:"d",k:${JSON.stringify(shape.k)},m:${entries(shape.m)}}`;
    default:
      return JSON.stringify(shape);
  }
}
