import {
  ERROR_REPLIES,
  ZAuditLogFilterSchema,
  ZAuditLogPageSchema,
  ZAuditLogSearchQuerySchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportAuditLog, requireAuditReader, searchAuditLog } from './search-audit-log';

const tags = ['admin: audit log'];

/**
 * The audit log (HIPAA 164.312(b); decisions 0140-0141): search and CSV export for the facility's
 * management-group admins. Reading it is itself recorded (PII: staff, their addresses).
 */
const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { audit: 'PII' },
      schema: {
        tags,
        summary: "Search a facility's audit log, newest first (management-group admins)",
        querystring: ZAuditLogSearchQuerySchema,
        response: { 200: ZAuditLogPageSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => {
      await requireAuditReader(app.prisma, request.auth!.staffMemberId, request.query.facilityId);
      // What this instance has queued so far is written first, so the search shows it.
      await app.auditLog.flush();
      return searchAuditLog(app.prisma, request.query);
    },
  );

  app.get(
    '/export',
    {
      config: { audit: 'PII' },
      schema: {
        tags,
        summary: "Export a facility's audit log as CSV, oldest first (management-group admins)",
        querystring: ZAuditLogFilterSchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV with a header row'), ...ERROR_REPLIES },
      },
    },
    async (request, reply) => {
      await requireAuditReader(app.prisma, request.auth!.staffMemberId, request.query.facilityId);
      await app.auditLog.flush();
      const csv = await exportAuditLog(app.prisma, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${request.query.facilityId}.csv"`)
        .send(csv);
    },
  );
};

export default auditLogRoutes;
