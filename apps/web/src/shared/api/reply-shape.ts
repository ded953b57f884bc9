/**
 * Reply checks without zod on the page (docs/decisions/0471). A `ReplyShape` is a contract reply schema written
 * as plain data at build time (`reply-shape-of.ts`, served by vite.config.ts as `virtual:reply-shape/<name>`);
 * `checkReply` reads a reply with it the way zod's `parse` would: the same types and limits, unknown keys
 * stripped, the same output. It only accepts: anything it refuses goes to the contract's zod schema, which
 * then gives its own error, exactly as before (`replyCheck`). `reply-shape.test.ts` holds both to agreement.
 */

/** A limit zod checks after the type: lengths (code points for strings), bounds, a safe integer. */
export type ReplyLimit =
  | readonly ['min' | 'max' | '>' | '>=' | '<' | '<=', number]
  | readonly ['int']
  /** A pattern (source, flags) that must match nowhere in the string: a contract refinement (`hasNone`). */
  | readonly ['none', string, string];

export type ReplyShape =
  | { readonly t: 's'; readonly c?: readonly ReplyLimit[] }
  | { readonly t: 'n'; readonly c?: readonly ReplyLimit[] }
  | { readonly t: 'b' }
  | { readonly t: 'u' }
  /** One of these values (an enum or a literal). */
  | { readonly t: 'v'; readonly v: readonly (string | number | boolean | null)[] }
  | { readonly t: 'a'; readonly e: ReplyShape; readonly c?: readonly ReplyLimit[] }
  /** An object: its keys (others are stripped), `o` those that may be absent. */
  | { readonly t: 'o'; readonly p: Readonly<Record<string, ReplyShape>>; readonly o?: readonly string[] }
  /** A record of string keys. */
  | { readonly t: 'r'; readonly v: ReplyShape }
  | { readonly t: '?'; readonly i: ReplyShape }
  | { readonly t: '0'; readonly i: ReplyShape }
  /** A union: the first option that accepts. */
  | { readonly t: '|'; readonly u: readonly ReplyShape[] }
  /** A discriminated union: the option named by the value of key `k`. */
  | { readonly t: 'd'; readonly k: string; readonly m: Readonly<Record<string, ReplyShape>> };

const REFUSED: unique symbol = Symbol('refused');
type Read = unknown;

function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

const patterns = new Map<string, RegExp>();
function matchesNowhere(value: unknown, source: string, flags: string): boolean {
  const key = `${flags}/${source}`;
  let pattern = patterns.get(key);
  if (!pattern) {
    pattern = new RegExp(source, flags);
    patterns.set(key, pattern);
  }
  return typeof value === 'string' && !pattern.test(value);
}

function withinLimits(
  value: number | string | readonly unknown[],
  limits: readonly ReplyLimit[] = [],
): boolean {
  const measure =
    typeof value === 'number' ? value : typeof value === 'string' ? codePoints(value) : value.length;
  return limits.every((limit) => {
    switch (limit[0]) {
      case 'none':
        return matchesNowhere(value, limit[1], limit[2]);
      case 'int':
        return Number.isSafeInteger(measure);
      case 'min':
      case '>=':
        return measure >= limit[1];
      case 'max':
      case '<=':
        return measure <= limit[1];
      case '>':
        return measure > limit[1];
      case '<':
        return measure < limit[1];
    }
    return false;
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** zod's test for a record's input (a JSON object always passes). */
function isPlainObject(value: unknown): value is Record<PropertyKey, unknown> {
  if (!isObject(value)) return false;
  const maker = value.constructor;
  if (maker === undefined || typeof maker !== 'function') return true;
  const prototype: unknown = maker.prototype;
  return isObject(prototype) && Object.hasOwn(prototype, 'isPrototypeOf');
}

function read(shape: ReplyShape, value: unknown): Read | typeof REFUSED {
  switch (shape.t) {
    case 's':
      return typeof value === 'string' && withinLimits(value, shape.c) ? value : REFUSED;
    case 'n':
      return typeof value === 'number' && Number.isFinite(value) && withinLimits(value, shape.c)
        ? value
        : REFUSED;
    case 'b':
      return typeof value === 'boolean' ? value : REFUSED;
    case 'u':
      return value;
    case 'v':
      return shape.v.includes(value as string) ? value : REFUSED;
    case '?':
      return value === undefined ? value : read(shape.i, value);
    case '0':
      return value === null ? value : read(shape.i, value);
    case 'a': {
      if (!Array.isArray(value) || !withinLimits(value, shape.c)) return REFUSED;
      const out: unknown[] = [];
      for (const item of value) {
        const element = read(shape.e, item);
        if (element === REFUSED) return REFUSED;
        out.push(element);
      }
      return out;
    }
    case 'o': {
      if (!isObject(value)) return REFUSED;
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(shape.p)) {
        // `in`, as zod does: a key is present when the input has it, own or inherited.
        if (!(key in value)) {
          if (shape.o?.includes(key)) continue;
          return REFUSED;
        }
        const property = read(shape.p[key] as ReplyShape, value[key]);
        if (property === REFUSED) return REFUSED;
        out[key] = property;
      }
      return out;
    }
    case 'r': {
      if (!isPlainObject(value)) return REFUSED;
      const out: Record<string, unknown> = {};
      for (const key of Reflect.ownKeys(value)) {
        if (key === '__proto__' || !Object.prototype.propertyIsEnumerable.call(value, key)) continue;
        if (typeof key !== 'string') return REFUSED;
        const entry = read(shape.v, value[key]);
        if (entry === REFUSED) return REFUSED;
        out[key] = entry;
      }
      return out;
    }
    case '|':
      for (const option of shape.u) {
        const result = read(option, value);
        if (result !== REFUSED) return result;
      }
      return REFUSED;
    case 'd': {
      if (!isObject(value)) return REFUSED;
      const tag = value[shape.k];
      const option = typeof tag === 'string' && Object.hasOwn(shape.m, tag) ? shape.m[tag] : undefined;
      return option ? read(option, value) : REFUSED;
    }
  }
  return REFUSED;
}

/** The reply read by `shape` (unknown keys stripped), or `ok: false` when the shape refuses it. */
export function checkReply<T>(shape: ReplyShape, value: unknown): { ok: true; value: T } | { ok: false } {
  const result = read(shape, value);
  return result === REFUSED ? { ok: false } : { ok: true, value: result as T };
}

type ReplySchemas = typeof import('./reply-schemas');
/** What the contract's schema `name` reads a reply as. */
export type ReplyOf<N extends keyof ReplySchemas> = ReturnType<ReplySchemas[N]['parse']>;

/**
 * The check of a reply for the API client (`parse`): the reply read by `shape`, the shape of the contract's
 * schema `name`. A reply it refuses is handed to that zod schema (loaded then: not on any first load), whose
 * `parse` throws its usual error, or returns its reading should it accept after all.
 */
export function replyCheck<N extends keyof ReplySchemas>(
  shape: ReplyShape,
  name: N,
): { parse: (data: unknown) => ReplyOf<N> | Promise<ReplyOf<N>> } {
  return {
    parse: (data) => {
      const checked = checkReply<ReplyOf<N>>(shape, data);
      if (checked.ok) return checked.value;
      return import('./reply-schemas').then((schemas) =>
        (schemas[name] as unknown as { parse: (data: unknown) => ReplyOf<N> }).parse(data),
      );
    },
  };
}
