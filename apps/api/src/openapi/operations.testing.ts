// Test support: the operations of the API's own OpenAPI document, valid requests built from their schemas
// (with real ids of a seeded tenant), and the seeded tenant itself. Used by the fuzz and the
// document-agrees-with-server tests, so both grow with every new route.
import { createTestFacility, type TestFacility } from '@sage/db/factories';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../test/app';
import { insertDeviceTask } from '../test/tasks';

/** The part of JSON schema the contract's zod schemas produce. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The document's path, `{param}` style. */
  path: string;
  operationId?: string;
  summary?: string;
  parameters: Parameter[];
  body?: JsonSchema;
  bodyRequired: boolean;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        operationId?: string;
        summary?: string;
        parameters?: Parameter[];
        requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}

/** The document as any client reads it: GET /docs/json of the built app. */
export async function openApiDocument(t: TestApp): Promise<OpenApiDocument> {
  const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
  if (res.statusCode !== 200) throw new Error(`GET /docs/json: ${res.statusCode}`);
  return res.json() as OpenApiDocument;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/**
 * Every operation of the document; destructive ones (DELETE, unallocate, archive) last, so the others see live
 * data (an archived resident takes no logged care).
 */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const json = op.requestBody?.content['application/json'];
      ops.push({
        method: method.toUpperCase(),
        path,
        operationId: op.operationId,
        summary: op.summary,
        parameters: op.parameters ?? [],
        body: json?.schema,
        bodyRequired: op.requestBody?.required ?? false,
      });
    }
  }
  const destructive = (op: Operation) =>
    op.method === 'DELETE' || /unallocate|unassign|\/archive$/.test(op.path);
  return [...ops.filter((op) => !destructive(op)), ...ops.filter(destructive)];
}

/** The schema with `anyOf`/`oneOf` resolved to its first branch that is not null, `allOf` merged. */
export function resolveSchema(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const branch = branches.find((b) => b.type !== 'null' && !(b.nullable && b.enum?.[0] === null));
    const { anyOf: _a, oneOf: _o, ...rest } = schema;
    return resolveSchema({ ...rest, ...(branch ?? {}) });
  }
  if (schema.allOf) {
    const { allOf, ...rest } = schema;
    return Object.assign({}, rest, ...allOf.map(resolveSchema)) as JsonSchema;
  }
  return schema;
}

export const typeOf = (schema: JsonSchema): string | undefined => {
  const s = resolveSchema(schema);
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  if (s.type) return s.type;
  if (s.properties) return 'object';
  if (s.enum && typeof s.enum[0] === 'string') return 'string';
  return undefined;
};

export const isNullable = (schema: JsonSchema): boolean =>
  schema.nullable === true ||
  (Array.isArray(schema.type) && schema.type.includes('null')) ||
  (schema.anyOf ?? schema.oneOf ?? []).some((b) => b.type === 'null' || b.nullable === true);

/** Real ids of the seeded tenant, found by the name of the field or parameter that wants one. */
export interface SeededIds {
  /** By entity: `resident` serves residentId, residentRid, residentIds, residentRids. */
  byEntity: Record<string, string>;
  /** Path parameters named only `id` or `rid`, by the document's path. */
  byPath: Record<string, Record<string, string>>;
  /** Other values by field name (a staff member's phone number). */
  byName: Record<string, string>;
}

const entityOf = (name: string) => name.replace(/(Rids|Ids|Rid|Id)$/, '');
const looksLikeId = (name: string) => /(Rids|Ids|Rid|Id)$/.test(name) || name === 'id' || name === 'rid';

export function seededId(ids: SeededIds, name: string, path: string): string | undefined {
  return (
    ids.byPath[path]?.[name] ??
    ids.byName[name] ??
    (looksLikeId(name) ? ids.byEntity[entityOf(name)] : undefined)
  );
}

/** A value the schema accepts; `full` also fills optional properties. */
export function sampleValue(
  schema: JsonSchema,
  ctx: { ids: SeededIds; path: string; name: string; full: boolean },
): unknown {
  const s = resolveSchema(schema);
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined && !ctx.full) return s.default;
  if (s.enum) return s.enum.find((v) => v !== null);
  switch (typeOf(s)) {
    case 'string': {
      const id = seededId(ctx.ids, ctx.name, ctx.path);
      if (id) return id;
      if (s.format === 'date') return '2025-06-15';
      if (s.format === 'date-time') return '2025-06-15T10:00:00.000Z';
      if (s.format === 'uri') return 'https://127.0.0.1:9/fuzz-push';
      if (s.format === 'email') return 'fuzz@example.com';
      if (s.pattern === '^\\+[1-9]\\d{6,14}$') return '+14155550199';
      if (s.pattern === '^\\d{6}$') return '123456';
      if (s.pattern?.startsWith('^([01]\\d|2[0-3])')) return '08:00';
      return 'fuzz'.padEnd(Math.max(1, s.minLength ?? 1), 'z').slice(0, s.maxLength ?? 1000);
    }
    case 'integer':
    case 'number': {
      const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : undefined);
      const high = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : undefined);
      // A time as epoch milliseconds: now; another number: its minimum (0 passes rules such as "0 or at least 1000").
      const wanted = /Timestamp|Time$/.test(ctx.name) ? Date.now() : (low ?? 1);
      return Math.min(Math.max(wanted, low ?? wanted), high ?? wanted);
    }
    case 'boolean':
      return false;
    case 'array': {
      const n = Math.max(1, s.minItems ?? 0);
      const count = s.maxItems !== undefined ? Math.min(n, s.maxItems) : n;
      return Array.from({ length: count }, () => sampleValue(s.items ?? {}, ctx));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(s.properties ?? {})) {
        if (!ctx.full && !(s.required ?? []).includes(key)) continue;
        out[key] = sampleValue(prop, { ...ctx, name: key });
      }
      return out;
    }
    default:
      return 'fuzz';
  }
}

/** A request as parts: values of path, query and body. Query values are strings or string arrays. */
export interface RequestParts {
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  /** undefined: no body. */
  body: unknown;
  /** Sent as is instead of JSON.stringify(body) (malformed JSON, a huge body). */
  rawBody?: string;
}

const queryString = (value: unknown): string | string[] =>
  Array.isArray(value) ? value.map((v) => String(v)) : String(value);

/** A valid request of the operation: required parameters and body fields (`full`: every one). */
export function validRequest(op: Operation, ids: SeededIds, full: boolean): RequestParts {
  const parts: RequestParts = { params: {}, query: {}, body: undefined };
  for (const p of op.parameters) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    if (p.in === 'query' && !p.required && !full) continue;
    const value = sampleValue(p.schema, { ids, path: op.path, name: p.name, full });
    if (p.in === 'path') parts.params[p.name] = String(value);
    else parts.query[p.name] = queryString(value);
  }
  if (op.body) parts.body = sampleValue(op.body, { ids, path: op.path, name: 'body', full });
  return parts;
}

/**
 * Valid requests to try, most likely first: required fields only, every field, required fields plus one
 * optional body property (for bodies that take one of several), every field with each value of an enum
 * property (for enums some values of which a rule beyond the schema refuses).
 */
export function candidateRequests(op: Operation, ids: SeededIds): RequestParts[] {
  const required = validRequest(op, ids, false);
  const full = validRequest(op, ids, true);
  const out = [required, full];
  const body = op.body ? resolveSchema(op.body) : undefined;
  if (body?.properties && full.body && typeof full.body === 'object') {
    const fullBody = full.body as Record<string, unknown>;
    for (const key of Object.keys(body.properties)) {
      if ((body.required ?? []).includes(key)) continue;
      out.push({ ...required, body: { ...(required.body as object), [key]: fullBody[key] } });
    }
    for (const [key, prop] of Object.entries(body.properties)) {
      for (const value of resolveSchema(prop).enum ?? [])
        out.push({ ...full, body: { ...fullBody, [key]: value } });
    }
  }
  return out.slice(0, 16);
}

/** The inject options of a request (path parameters encoded, repeated query keys for arrays). */
export function toInject(op: Operation, parts: RequestParts, headers: Record<string, string>): InjectOptions {
  const url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    encodeURIComponent(parts.params[name] ?? `missing-${name}`),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(parts.query)) {
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, v);
  }
  const qs = search.toString();
  const options: InjectOptions = {
    method: op.method as InjectOptions['method'],
    url: qs ? `${url}?${qs}` : url,
    headers: { ...headers },
  };
  if (parts.rawBody !== undefined) {
    options.payload = parts.rawBody;
    options.headers = { ...options.headers, 'content-type': 'application/json' };
  } else if (parts.body !== undefined) {
    options.payload = JSON.stringify(parts.body);
    options.headers = { ...options.headers, 'content-type': 'application/json' };
  }
  return options;
}

export interface ErrorIssue {
  field: string;
  rule: string;
  message: string;
}

/** The issues of a 400 reply (none when the body is not the common error reply). */
export function issuesOf(res: LightMyRequestResponse): ErrorIssue[] {
  try {
    const body = res.json() as { issues?: ErrorIssue[] };
    return Array.isArray(body.issues) ? body.issues : [];
  } catch {
    return [];
  }
}

/** Where a field of a request is named in a 400: `params.id`, `querystring.x`, `body.a.0.b`. */
export const fieldName = (location: 'path' | 'query' | 'body', path: (string | number)[]): string =>
  [location === 'path' ? 'params' : location === 'query' ? 'querystring' : 'body', ...path].join('.');

/** Whether one of the issues names the field (or a field inside it). */
export const namesField = (issues: ErrorIssue[], field: string): boolean =>
  issues.some((i) => i.field === field || i.field.startsWith(`${field}.`));

export interface FuzzWorld {
  facility: TestFacility;
  managerId: string;
  headers: Record<string, string>;
  ids: SeededIds;
}

/**
 * A tenant with one of everything a route may want by id: the factories' facility (units, residents,
 * devices, staff, a policy), plus an alert with a note and a manual update, a care event, a check-in, a
 * sent message, a web push subscription, a resident's contact and specialist, a feature, an EHR locked field
 * and a company image, made through the API as the facility's manager.
 */
export async function seedWorld(t: TestApp): Promise<FuzzWorld> {
  const prisma = t.db.prisma;
  const f = await createTestFacility(prisma);
  const managerId = f.staff.manager.id;
  const headers = await t.headersFor(managerId);
  const call = async (method: 'POST' | 'PUT', url: string, payload: object | Buffer) => {
    const binary = Buffer.isBuffer(payload);
    const res = await t.app.inject({
      method,
      url,
      headers: binary ? { ...headers, 'content-type': 'application/octet-stream' } : headers,
      payload,
    });
    if (res.statusCode >= 300) throw new Error(`seeding ${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as Record<string, unknown>;
  };
  const resident = f.residents.AL;
  const taskId = await insertDeviceTask(prisma, f, {
    deviceId: resident.pendant.deviceId,
    residentId: resident.id,
    unitId: resident.unitId,
  });
  await call('POST', `/admin/api/v1/tasks/${taskId}/notes`, { content: 'fuzz note' });
  await call('POST', '/admin/api/v1/tasks/updates', { taskId, description: 'fuzz entry' });
  await call('POST', '/care/api/v1/careEvents', { facilityRid: f.facilityId, residentRids: [resident.id] });
  const checkIn = await call('POST', '/admin/api/v1/checkIns', { unitId: f.units.IL.id });
  const push = await call('PUT', '/messageorchestration/api/v1/recipients/webPushNotifications', {
    endpoint: 'https://127.0.0.1:9/fuzz-push',
    recipientId: managerId,
    expirationTime: null,
    keys: { p256dh: 'fuzz-p256dh', auth: 'fuzz-auth' },
  });

  const sent = await call('POST', '/messageorchestration/api/v1/messages/sendToRecipientIds', {
    facilityRid: f.facilityId,
    title: 'Fuzz',
    body: 'Fuzz message',
    recipientIds: [managerId, f.staff.caregiver.id],
  });
  const residents = `/admin/api/v1/residents/${resident.id}`;
  const contact = await call('POST', `${residents}/contacts`, { firstName: 'Fuzz', lastName: 'Contact' });
  const specialist = await call('POST', `${residents}/specialists`, { name: 'Fuzz Practice' });
  const feature = await call('POST', '/admin/api/v1/features', {
    facilityId: f.facilityId,
    name: 'FUZZ_FEATURE',
    isEnabled: false,
  });
  const lockedField = await call('POST', '/admin/api/v1/ehrLockedFields', {
    facilityId: f.facilityId,
    ehrProvider: 'Fuzz EHR',
    resourceField: 'resident.salutation',
  });
  const imageId = `fuzz-logo-${f.tag}`;
  await call('PUT', `/admin/api/v1/media/images/${imageId}?enterpriseId=${f.enterpriseId}`, PNG_1X1);

  // Device audit (docs/decisions/0270): an audit session, a QA walk, an alert location session of it.
  const auditBase = '/deviceaudit/api/v1';
  const audit = await call('POST', `${auditBase}/auditSessions`, {
    facilityRid: f.facilityId,
    sessionType: 'ALERT_LOCATION',
  });
  const walk = await call('POST', `${auditBase}/deviceQaSessions`, { facilityRid: f.facilityId });
  const alertLocation = await call('POST', `${auditBase}/alertLocationSessions`, {
    facilityRid: f.facilityId,
    deviceRid: resident.pendant.deviceId,
    auditSessionRid: audit.auditSessionRid,
  });

  const note = await prisma.taskNote.findFirstOrThrow({ where: { taskId } });
  const update = await prisma.taskUpdate.findFirstOrThrow({ where: { taskId, type: 'MANUAL_ENTRY' } });
  const careEvent = await prisma.careEvent.findFirstOrThrow({ where: { facilityId: f.facilityId } });
  const block = await prisma.notificationBlock.findFirstOrThrow({
    where: { policyId: f.notificationPolicyId },
  });
  const filter = await prisma.notificationFilter.findFirstOrThrow({ where: { blockId: block.id } });
  const config = await prisma.staffMemberFacilityConfig.findFirstOrThrow({
    where: { staffMemberId: managerId, facilityId: f.facilityId },
  });
  // Insights and high fives: a top performance of the caregiver with its open workflow, a rule, a high five.
  const insight = await prisma.insight.create({
    data: {
      facilityId: f.facilityId,
      enterpriseId: f.enterpriseId,
      category: 'TOP_PERFORMER',
      scope: 'USER',
      staffMemberId: f.staff.caregiver.id,
      workflows: { create: { facilityId: f.facilityId, type: 'RECOGNITION' } },
    },
    include: { workflows: true },
  });
  const rule = await call('POST', '/insights/api/v1/rules', {
    facilityRid: f.facilityId,
    name: 'Fuzz rule',
    category: 'TOP_PERFORMER',
    scope: 'USER',
    definition: {
      metric: 'CARE_LOGGED',
      periodDays: 7,
      minSamples: 1,
      threshold: 10,
      baselineDays: 28,
      baselineFactor: 2,
    },
  });
  const recognition = await call('POST', '/gamification/api/v1/recognitions', {
    facilityRid: f.facilityId,
    recipientRid: f.staff.caregiver.id,
    note: 'Fuzz high five',
  });
  const report = await prisma.queryDefinition.findFirstOrThrow({
    where: { facilityId: f.facilityId, name: 'Low batteries' },
  });
  const execution = await call('POST', '/tabularrecord/api/v1/queryExecutions', {
    queryDefinitionRid: report.id,
  });
  const messagesSent = sent.messagesSent as { messageSentRid: string }[];
  if (!messagesSent[0]) throw new Error(`seeding: no message sent: ${JSON.stringify(sent)}`);

  const byEntity: Record<string, string> = {
    facility: f.facilityId,
    enterprise: f.enterpriseId,
    unit: resident.unitId,
    resident: resident.id,
    staffMember: managerId,
    assignee: managerId,
    creator: managerId,
    creatorEntity: managerId,
    recipient: managerId,
    respondingStaff: f.staff.caregiver.id,
    group: f.groups.CareStaff,
    assigneeGroup: f.groups.CareStaff,
    careZone: f.careZones.AL.id,
    task: taskId,
    careEvent: careEvent.id,
    note: note.id,
    update: update.id,
    checkIn: String(checkIn.id),
    device: resident.pendant.deviceId,
    door: f.door.id,
    companyPhone: f.companyPhones[0]!.id,
    message: String(sent.messageRid),
    messageSent: messagesSent[0]!.messageSentRid,
    webPushSubscription: String(push.webPushSubscriptionRid),
    block: block.id,
    filter: filter.id,
    policy: f.notificationPolicyId,
    contact: String(contact.id),
    feature: String(feature.id),
    auditSession: String(audit.auditSessionRid),
    deviceQaSession: String(walk.deviceQaSessionRid),
    alertLocationSession: String(alertLocation.alertLocationSessionRid),
    insight: insight.id,
    workflow: insight.workflows[0]!.id,
    rule: String(rule.ruleRid),
    recognition: String(recognition.recognitionRid),
    dataSource: report.dataSourceId,
    queryDefinition: report.id,
    queryExecutionResult: String(execution.queryExecutionResultRid),
  };
  const specialistPath = { residentId: resident.id, contactId: String(specialist.id) };
  return {
    facility: f,
    managerId,
    headers,
    ids: {
      byEntity,
      byPath: {
        '/admin/api/v1/devices/allocated/{id}': { id: f.residents.MC.pendant.allocationId },
        '/admin/api/v1/devices/allocated/{id}/unallocate': { id: f.residents.MC.pendant.allocationId },
        '/admin/api/v1/staffMemberFacilityConfig/{id}': { id: config.id },
        '/admin/api/v1/notificationPolicies/{rid}': { rid: f.notificationPolicyId },
        '/admin/api/v1/companyPhones/{id}': { id: f.companyPhones[0]!.id },
        '/admin/api/v1/ehrLockedFields/{id}': { id: String(lockedField.id) },
        '/admin/api/v1/residents/{residentId}/specialists/{contactId}': specialistPath,
        // A new person: the manager's phone number is taken.
        '/admin/api/v1/staff': { phoneNumber: '+14155550142' },
        '/admin/api/v1/staff/bulk': { phoneNumber: '+14155550143' },
        // A high five goes to a colleague, not to the caller.
        '/gamification/api/v1/recognitions': { recipientRid: f.staff.caregiver.id },
        '/tabularrecord/api/v1/dataSources/ridFromName/{name}': { name: 'Sage Care (read-only)' },
        '/tabularrecord/api/v1/queryDefinitions/ridFromName/{name}': { name: 'Low batteries' },
      },
      byName: {
        phoneNumber: f.staff.manager.phoneNumber,
        recipientPhoneNumber: f.staff.manager.phoneNumber,
        senderPhoneNumber: f.taskNotificationNumber,
        timezone: 'America/Chicago',
        resourceId: imageId,
      },
    },
  };
}

/** A 1x1 transparent PNG: the company image of the seeded tenant. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A small deterministic PRNG (mulberry32): the same seed samples the same mutations on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}
