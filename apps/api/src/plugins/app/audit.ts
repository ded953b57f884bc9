import { AuditAction, type AuditDataCategory } from '@sage/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type AuditRecord, AuditWriter } from '../../modules/admin/audit-log/audit-writer';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route returns (or changes) protected data: 'PHI' (residents' health, care, code and hospice status)
     * or 'PII' (staff personal phone and email). Every read of such a route is audited (decision 0140).
     */
    audit?: AuditDataCategory;
    /** A POST that only reads (a search): audited as READ, not CREATE. */
    auditAction?: typeof AuditAction.READ;
  }
  interface FastifyInstance {
    auditLog: AuditWriter;
  }
}

const ACTION_BY_METHOD: Record<string, AuditAction> = {
  GET: AuditAction.READ,
  POST: AuditAction.CREATE,
  PUT: AuditAction.UPDATE,
  PATCH: AuditAction.UPDATE,
  DELETE: AuditAction.DELETE,
};

const MAX_USER_AGENT = 512;

/** facilityId / facilityRid from the params, the query or the body, when the request names one. */
function facilityHint(request: FastifyRequest): string | null {
  for (const source of [request.params, request.query, request.body]) {
    if (source && typeof source === 'object') {
      const value =
        (source as Record<string, unknown>).facilityId ?? (source as Record<string, unknown>).facilityRid;
      if (typeof value === 'string' && value.length > 0 && value.length <= 200) return value;
    }
  }
  return null;
}

function toRecord(request: FastifyRequest, reply: FastifyReply): AuditRecord | null {
  const route = request.routeOptions.url;
  if (!route) return null; // no route matched: nothing was read or changed
  const method = request.method;
  const action = ACTION_BY_METHOD[method];
  if (!action) return null; // HEAD, OPTIONS
  const config = request.routeOptions.config;
  if (action === AuditAction.READ && !config.audit) return null;
  const params: Record<string, string> = {};
  if (request.params && typeof request.params === 'object') {
    for (const [key, value] of Object.entries(request.params))
      if (typeof value === 'string') params[key] = value;
  }
  const userAgent = request.headers['user-agent'];
  return {
    occurredAt: new Date(),
    staffMemberId: request.auth?.staffMemberId ?? null,
    facilityId: facilityHint(request),
    action: config.auditAction ?? action,
    dataCategory: config.audit ?? null,
    method,
    route,
    params,
    resourceIds: Object.values(params),
    statusCode: reply.statusCode,
    clientAddress: request.ip ?? null,
    userAgent: userAgent ? userAgent.slice(0, MAX_USER_AGENT) : null,
  };
}

/**
 * The audit hook (HIPAA 164.312(b)): every write and every read of a route marked `config.audit` is recorded
 * after the reply is sent (onResponse), into a batch written off the request path; the rest is written when
 * the app closes.
 */
export default fp(
  async function audit(app: FastifyInstance) {
    const writer = new AuditWriter(app.prisma, { log: app.log });
    app.decorate('auditLog', writer);
    app.addHook('onResponse', async (request, reply) => {
      const row = toRecord(request, reply);
      if (row) writer.record(row);
    });
    // onClose hooks run in reverse order of registration: this one before the database plugin's disconnect.
    app.addHook('onClose', async () => {
      await writer.flush();
      if (writer.pending > 0)
        app.log.error({ pending: writer.pending }, 'audit log: rows not written at close');
    });
  },
  { name: 'audit', dependencies: ['db', 'auth'] },
);
