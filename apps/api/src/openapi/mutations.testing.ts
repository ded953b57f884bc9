// Test support: the one-field-at-a-time mutations of a valid request, derived from the operation's schema.
import {
  fieldName,
  isNullable,
  type JsonSchema,
  type Operation,
  type RequestParts,
  resolveSchema,
  typeOf,
} from './operations.testing';

export interface Field {
  location: 'path' | 'query' | 'body';
  /** Inside the location: [name] for a parameter, the property path for the body ([] is the body). */
  path: (string | number)[];
  schema: JsonSchema;
  required: boolean;
}

export interface Mutation {
  /** `body.title: NUL` */
  label: string;
  /** The field the mutation changes, as a 400 names it. */
  field: string;
  /** The server must refuse it (4xx); else only no 5xx. A 400 must name `field` either way. */
  mustRefuse: boolean;
  apply(parts: RequestParts): RequestParts;
}

/** Every field of the operation: its parameters, the body and each property in it (nested, arrays' first item). */
export function fieldsOf(op: Operation): Field[] {
  const fields: Field[] = [];
  for (const p of op.parameters) {
    if (p.in === 'path' || p.in === 'query') {
      fields.push({ location: p.in, path: [p.name], schema: p.schema, required: p.required ?? false });
    }
  }
  const walk = (schema: JsonSchema, path: (string | number)[], required: boolean, depth: number) => {
    fields.push({ location: 'body', path, schema, required });
    if (depth >= 4) return;
    const s = resolveSchema(schema);
    const type = typeOf(s);
    if (type === 'object') {
      for (const [key, prop] of Object.entries(s.properties ?? {})) {
        walk(prop, [...path, key], (s.required ?? []).includes(key), depth + 1);
      }
    } else if (type === 'array' && s.items) {
      // An item is not required: an array may be emptier (its minItems says how far).
      walk(s.items, [...path, 0], false, depth + 1);
    }
  };
  if (op.body) walk(op.body, [], op.bodyRequired, 0);
  return fields;
}

const clone = <T>(value: T): T => (value === undefined ? value : structuredClone(value));

/** The body with the value at `path` set (undefined: removed), creating containers on the way. */
function setIn(body: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const container: Record<string | number, unknown> | unknown[] =
    typeof head === 'number'
      ? Array.isArray(body)
        ? [...body]
        : []
      : body && typeof body === 'object' && !Array.isArray(body)
        ? { ...(body as Record<string, unknown>) }
        : {};
  const current = (container as Record<string | number, unknown>)[head!];
  const next = setIn(current, rest, value);
  if (next === undefined && rest.length === 0) {
    if (Array.isArray(container)) container.splice(head as number, 1);
    else delete (container as Record<string, unknown>)[head as string];
  } else {
    (container as Record<string | number, unknown>)[head!] = next;
  }
  return container;
}

const NUL = 'fuzz\u0000nul';
const CONTROL = 'fuzz\u0007bell';
const LONE_SURROGATE = 'fuzz\ud800';
const ABSENT = Symbol('absent');

/** The mutations of one field: values its schema must refuse (and a few it need only survive). */
export function mutationsOf(field: Field): Mutation[] {
  const s = resolveSchema(field.schema);
  const type = typeOf(field.schema);
  const name = fieldName(field.location, field.path);
  const out: Mutation[] = [];
  const add = (what: string, value: unknown, mustRefuse: boolean) => {
    out.push({
      label: `${name}: ${what}`,
      field: name,
      mustRefuse,
      apply(parts) {
        const next: RequestParts = {
          params: { ...parts.params },
          query: { ...parts.query },
          body: clone(parts.body),
        };
        const key = String(field.path[0]);
        if (field.location === 'path') next.params[key] = String(value);
        else if (field.location === 'query') {
          if (value === ABSENT) delete next.query[key];
          else next.query[key] = value as string | string[];
        } else next.body = setIn(next.body, field.path, value === ABSENT ? undefined : value);
        return next;
      },
    });
  };
  const inQuery = field.location !== 'body';

  if (field.required && field.location !== 'path' && field.path.length > 0) add('missing', ABSENT, true);
  if (field.location === 'body' && !(field.path.length === 0 && !field.required)) {
    // Numbers shared with query strings are coerced (null is 0): for them null need only not fail.
    add('null', null, !isNullable(field.schema) && type !== 'integer' && type !== 'number');
  }

  switch (type) {
    case 'string': {
      add('NUL', NUL, true);
      add('control character', CONTROL, true);
      if (!inQuery) add('lone surrogate', LONE_SURROGATE, true);
      const max = s.maxLength;
      add(
        `oversized (${max !== undefined ? max + 1 : 20_000} characters)`,
        'x'.repeat(max !== undefined ? max + 1 : 20_000),
        max !== undefined,
      );
      if (!inQuery) add('a number', 12345, true);
      if (s.enum) add('not one of the values', 'NOT_A_VALUE', true);
      if (s.format === 'date') {
        add('year 0', '0000-01-01', true);
        add('year 275760', '275760-09-13', true);
      }
      if (s.format === 'date-time') {
        add('year 0', '0000-01-01T00:00:00Z', true);
        add('year 275760', '+275760-09-13T00:00:00.000Z', true);
      }
      break;
    }
    case 'integer':
    case 'number': {
      const value = (n: number) => (inQuery ? String(n) : n);
      add('1e20', value(1e20), s.maximum !== undefined);
      add('-1e20', value(-1e20), s.minimum !== undefined);
      add('8.64e15 + 1 (past the last JavaScript date)', value(8.64e15 + 1), s.maximum !== undefined);
      if (type === 'integer') add('1.5', value(1.5), true);
      add('not a number', 'abc', true);
      if (field.schema.anyOf?.some((b) => b.format === 'date-time')) {
        add('year 0 date-time', '0000-01-01T00:00:00Z', true);
        add('year 275760 date-time', '+275760-09-13T00:00:00.000Z', true);
      }
      break;
    }
    case 'boolean':
      add('not a boolean', 'maybe', true);
      if (!inQuery) add('a number', 2, true);
      break;
    case 'array': {
      // Not a string: arrays shared with query strings take a lone value as a list of one.
      if (!inQuery) add('not an array', 12345, true);
      const count = s.maxItems !== undefined ? s.maxItems + 1 : 2_000;
      add(
        `${count} items`,
        Array.from({ length: count }, () => 'fuzz'),
        s.maxItems !== undefined,
      );
      if (inQuery) {
        const itemType = s.items ? typeOf(s.items) : undefined;
        if (itemType === 'string') add('an item with NUL', [NUL], true);
      }
      break;
    }
    case 'object':
      if (field.path.length > 0 || field.location === 'body') {
        add('not an object', field.path.length === 0 ? ['not-an-object'] : 'not-an-object', true);
      }
      break;
    default:
      break;
  }
  return out;
}

/** The unknown-field mutation keeps the valid fields: it adds one. */
export function unknownFieldMutation(field: Field): Mutation | null {
  const s = resolveSchema(field.schema);
  if (field.location !== 'body' || typeOf(s) !== 'object') return null;
  const name = fieldName('body', field.path);
  return {
    label: `${name}: an unknown field`,
    field: name,
    mustRefuse: s.additionalProperties === false,
    apply(parts) {
      const body = clone(parts.body);
      // Objects the valid request leaves out (optional ones with a default) are sent holding only the unknown
      // field, so the mutation always sends one.
      let target = body as Record<string | number, unknown> | undefined;
      for (const key of field.path) {
        if (!target || typeof target !== 'object') break;
        if (target[key] === undefined) target[key] = typeof key === 'number' ? [] : {};
        target = target[key] as never;
      }
      if (!target || typeof target !== 'object') return { ...parts, body };
      (target as Record<string, unknown>).__fuzzUnknown = 1;
      return { ...parts, body };
    },
  };
}

/** Mutations of the whole request: malformed JSON, a body over the limit, no body at all. */
export function requestMutations(op: Operation): Mutation[] {
  if (!op.body) return [];
  const keep = (parts: RequestParts, rawBody: string): RequestParts => ({ ...parts, rawBody });
  return [
    {
      label: 'body: malformed JSON',
      field: 'body',
      mustRefuse: true,
      apply: (parts) => keep(parts, '{"fuzz": '),
    },
    {
      label: 'body: 2 MB',
      field: 'body',
      mustRefuse: true,
      apply: (parts) => keep(parts, JSON.stringify({ fuzz: 'x'.repeat(2 * 1024 * 1024) })),
    },
  ];
}
