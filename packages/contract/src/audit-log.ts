import { z } from 'zod';
import { ZIdSchema, zDateTime } from './common';

/**
 * The HIPAA 164.312(b) audit log (docs/decisions/0140-0141): who read PHI or PII and who changed anything,
 * through the API. Read by management-group admins of the facility; exported as CSV.
 */
export const AUDIT_LOG_PATHS = {
  search: '/admin/api/v1/auditLog',
  export: '/admin/api/v1/auditLog/export',
} as const;

/** What a recorded request did. GET (and searches marked as reads) are READ; the other methods by their verb. */
export const AuditAction = { READ: 'READ', CREATE: 'CREATE', UPDATE: 'UPDATE', DELETE: 'DELETE' } as const;
export type AuditAction = (typeof AuditAction)[keyof typeof AuditAction];
export const ZAuditActionSchema = z.enum(AuditAction);

/** The kind of protected data a route returns or changes: its `config.audit` value. */
export const AuditDataCategory = { PHI: 'PHI', PII: 'PII' } as const;
export type AuditDataCategory = (typeof AuditDataCategory)[keyof typeof AuditDataCategory];

export const AUDIT_LOG_DEFAULT_PAGE_SIZE = 100;
export const AUDIT_LOG_MAX_PAGE_SIZE = 500;
/** Longest CSV export, in rows (a bigger one is narrowed with the filters). */
export const AUDIT_LOG_MAX_EXPORT_ROWS = 50_000;

const ZAuditLogFilterFields = z.object({
  facilityId: ZIdSchema,
  staffMemberId: ZIdSchema.optional(),
  /** A resource id (a path parameter of the recorded request: resident, task, staff member ...). */
  resourceId: ZIdSchema.optional(),
  action: ZAuditActionSchema.optional(),
  from: zDateTime().optional(),
  to: zDateTime().optional(),
});
const fromNotAfterTo: [(q: { from?: string; to?: string }) => boolean, { path: string[]; message: string }] =
  [
    (q) => !q.from || !q.to || new Date(q.from) <= new Date(q.to),
    { path: ['to'], message: 'must not be before from' },
  ];

/** Filters of the export (and of the search). */
export const ZAuditLogFilterSchema = ZAuditLogFilterFields.refine(...fromNotAfterTo);

export const ZAuditLogSearchQuerySchema = ZAuditLogFilterFields.extend({
  pageSize: z.coerce.number().int().min(1).max(AUDIT_LOG_MAX_PAGE_SIZE).default(AUDIT_LOG_DEFAULT_PAGE_SIZE),
  /** The `nextPageToken` of the previous page (entries older than it). */
  pageToken: z
    .string()
    .regex(/^\d{1,19}$/, 'must be a page token from the previous page')
    .optional(),
}).refine(...fromNotAfterTo);
export type TAuditLogSearchQuery = z.infer<typeof ZAuditLogSearchQuerySchema>;
export type TAuditLogFilter = z.infer<typeof ZAuditLogFilterSchema>;

export const ZAuditLogEntrySchema = z.object({
  id: z.string(),
  occurredAt: z.string(),
  staffMemberId: z.string().nullable(),
  staffMemberName: z.string().nullable(),
  enterpriseId: z.string().nullable(),
  facilityId: z.string().nullable(),
  action: ZAuditActionSchema,
  dataCategory: z.enum(AuditDataCategory).nullable(),
  method: z.string(),
  route: z.string(),
  resourceIds: z.array(z.string()),
  statusCode: z.number().int(),
  clientAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type TAuditLogEntry = z.infer<typeof ZAuditLogEntrySchema>;

export const ZAuditLogPageSchema = z.object({
  entries: z.array(ZAuditLogEntrySchema),
  /** Present when older entries remain. */
  nextPageToken: z.string().nullable(),
});
export type TAuditLogPage = z.infer<typeof ZAuditLogPageSchema>;

/** Columns of the CSV export, in order. */
export const AUDIT_LOG_CSV_COLUMNS = [
  'occurredAt',
  'staffMemberId',
  'staffMemberName',
  'enterpriseId',
  'facilityId',
  'action',
  'dataCategory',
  'method',
  'route',
  'resourceIds',
  'statusCode',
  'clientAddress',
  'userAgent',
] as const satisfies readonly (keyof TAuditLogEntry)[];
