import { ERROR_REPLIES, ZTaskHistoryFilterSchema } from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuditReader } from '../audit-log/search-audit-log';
import { exportTaskHistory } from './export-task-history';

/**
 * The task history export (HIPAA 164.316 records; decision 0518): for the audit log's readers, the management-group
 * admins of the facility (decision 0141). Recorded in the audit log as a PHI read (titles name residents).
 */
const taskHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/export',
    {
      config: { audit: 'PHI' },
      schema: {
        tags: ['admin: audit log'],
        summary: "Export a facility's task history as CSV, one row per update, oldest task first",
        querystring: ZTaskHistoryFilterSchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV with a header row'), ...ERROR_REPLIES },
      },
    },
    async (request, reply) => {
      await requireAuditReader(app.prisma, request.auth!.staffMemberId, request.query.facilityId);
      const csv = await exportTaskHistory(app.prisma, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="task-history-${request.query.facilityId}.csv"`)
        .send(csv);
    },
  );
};

export default taskHistoryRoutes;
