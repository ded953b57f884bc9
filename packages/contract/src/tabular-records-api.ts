import { z } from 'zod';
import { PAGE_NUMBER_MAX, ZIdSchema, ZQueryBooleanSchema, zDateTime, zText } from './common';
import { ZPageQuerySchema } from './enterprises-api';
import {
  DataSourceDialect,
  QueryExecutionStatus,
  SEARCH_EXECUTIONS_PAGE_SIZE_MAX,
  TABULAR_LIMITS,
  TABULAR_PARAMETER_NAME_PATTERN,
  TabularParameterType,
  TabularResultFormat,
} from './tabular-records-api-constants';

export * from './tabular-records-api-constants';
export const ZDataSourceDialectSchema = z.enum(DataSourceDialect);
export const ZQueryExecutionStatusSchema = z.enum(QueryExecutionStatus);
export const ZTabularParameterTypeSchema = z.enum(TabularParameterType);

const zName = () => zText({ max: TABULAR_LIMITS.nameMaxLength, min: 1, trim: true, multiline: false });
const zDescription = () =>
  zText({ max: TABULAR_LIMITS.descriptionMaxLength, trim: true }).nullable().optional();

// ---------------------------------------------------------------------------------------------------------
// Data sources
// ---------------------------------------------------------------------------------------------------------

export const ZDataSourceConfigSchema = z.object({
  statementTimeoutMs: z
    .number()
    .int()
    .min(TABULAR_LIMITS.statementTimeoutMsMin)
    .max(TABULAR_LIMITS.statementTimeoutMsMax)
    .default(TABULAR_LIMITS.statementTimeoutMsDefault),
  rowLimit: z
    .number()
    .int()
    .min(TABULAR_LIMITS.rowLimitMin)
    .max(TABULAR_LIMITS.rowLimitMax)
    .default(TABULAR_LIMITS.rowLimitDefault),
});
export type TDataSourceConfig = z.infer<typeof ZDataSourceConfigSchema>;

export const ZDataSourceSchema = z.object({
  dataSourceRid: ZIdSchema,
  facilityId: ZIdSchema,
  name: z.string(),
  dialect: ZDataSourceDialectSchema,
  description: z.string().nullable(),
  config: z.object({ statementTimeoutMs: z.number().int(), rowLimit: z.number().int() }),
  isBuiltIn: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type TDataSource = z.infer<typeof ZDataSourceSchema>;
export const ZListDataSourcesReplySchema = z.array(ZDataSourceSchema);

export const ZListDataSourcesQuerySchema = ZPageQuerySchema.extend({
  dialect: ZDataSourceDialectSchema.optional(),
  facilityId: ZIdSchema.optional(),
});
export type TListDataSourcesQuery = z.infer<typeof ZListDataSourcesQuerySchema>;
export const ZDataSourceParamsSchema = z.object({ dataSourceRid: ZIdSchema });
export const ZRidFromNameParamsSchema = z.object({ name: zName() });
export const ZRidFromNameQuerySchema = z.object({ facilityId: ZIdSchema.optional() });
export type TRidFromNameQuery = z.infer<typeof ZRidFromNameQuerySchema>;
export const ZDataSourceRidReplySchema = z.object({ dataSourceRid: ZIdSchema });
export const ZQueryDefinitionRidReplySchema = z.object({ queryDefinitionRid: ZIdSchema });

export const ZCreateDataSourceRequestSchema = z.object({
  facilityId: ZIdSchema,
  name: zName(),
  dialect: ZDataSourceDialectSchema,
  description: zDescription(),
  config: ZDataSourceConfigSchema.optional(),
});
export type TCreateDataSourceRequest = z.infer<typeof ZCreateDataSourceRequestSchema>;
export const ZUpdateDataSourceRequestSchema = z.object({
  name: zName(),
  description: zDescription(),
  config: ZDataSourceConfigSchema.optional(),
  updatedAt: zDateTime().optional(),
});
export type TUpdateDataSourceRequest = z.infer<typeof ZUpdateDataSourceRequestSchema>;

// ---------------------------------------------------------------------------------------------------------
// Query definitions
// ---------------------------------------------------------------------------------------------------------

/** A parameter value: text for DATE, DATE_TIME and TEXT; a number for INTEGER; true or false for BOOLEAN. */
export const ZTabularParameterValueSchema = z.union([
  zText({ max: TABULAR_LIMITS.parameterTextMaxLength, multiline: false }),
  z.number().int().min(-2147483648).max(2147483647),
  z.boolean(),
]);
export type TTabularParameterValue = z.infer<typeof ZTabularParameterValueSchema>;

export const ZQueryParameterSchema = z.object({
  name: z.string().regex(TABULAR_PARAMETER_NAME_PATTERN, 'A letter, then up to 39 letters, digits or _'),
  label: zText({ max: TABULAR_LIMITS.nameMaxLength, min: 1, trim: true, multiline: false }),
  type: ZTabularParameterTypeSchema,
  required: z.boolean().default(true),
  /**
   * Used when a run leaves the parameter out, as text ('24', 'true', '2026-01-31'); for DATE and DATE_TIME
   * also 'today' or 'today-7' (today minus 7 days, in the community's time zone).
   */
  defaultValue: zText({ max: TABULAR_LIMITS.parameterTextMaxLength, multiline: false }).optional(),
});
export type TQueryParameter = z.infer<typeof ZQueryParameterSchema>;

/** A chart the web shows beside the table when the result has a time axis. */
export const ZQueryChartSchema = z.object({
  type: z.enum(['line', 'bar']),
  x: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, 'A column name'),
  y: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, 'A column name'),
});
export type TQueryChart = z.infer<typeof ZQueryChartSchema>;

export const ZQueryDefinitionSchema = z.object({
  queryDefinitionRid: ZIdSchema,
  dataSourceRid: ZIdSchema,
  facilityId: ZIdSchema,
  name: z.string(),
  description: z.string().nullable(),
  query: z.string(),
  parameters: z.array(ZQueryParameterSchema),
  chart: ZQueryChartSchema.nullable(),
  isBuiltIn: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type TQueryDefinition = z.infer<typeof ZQueryDefinitionSchema>;
export const ZListQueryDefinitionsReplySchema = z.array(ZQueryDefinitionSchema);
export const ZListQueryDefinitionsQuerySchema = ZPageQuerySchema.extend({
  dataSourceRid: ZIdSchema.optional(),
  facilityId: ZIdSchema.optional(),
});
export type TListQueryDefinitionsQuery = z.infer<typeof ZListQueryDefinitionsQuerySchema>;
export const ZQueryDefinitionParamsSchema = z.object({ queryDefinitionRid: ZIdSchema });

const definitionFields = {
  name: zName(),
  description: zDescription(),
  query: zText({ max: TABULAR_LIMITS.queryMaxLength, min: 1, trim: true }),
  parameters: z.array(ZQueryParameterSchema).max(TABULAR_LIMITS.parametersMax).default([]),
  chart: ZQueryChartSchema.nullable().optional(),
};
export const ZCreateQueryDefinitionRequestSchema = z.object({
  dataSourceRid: ZIdSchema,
  ...definitionFields,
});
export type TCreateQueryDefinitionRequest = z.infer<typeof ZCreateQueryDefinitionRequestSchema>;
export const ZUpdateQueryDefinitionRequestSchema = z.object({
  ...definitionFields,
  updatedAt: zDateTime().optional(),
});
export type TUpdateQueryDefinitionRequest = z.infer<typeof ZUpdateQueryDefinitionRequestSchema>;

// ---------------------------------------------------------------------------------------------------------
// Query executions
// ---------------------------------------------------------------------------------------------------------

export const ZTabularColumnSchema = z.object({ name: z.string(), type: z.string() });
export type TTabularColumn = z.infer<typeof ZTabularColumnSchema>;
/** A cell: text, number, true/false or null (times as ISO text, numbers too big for JSON as text). */
export type TTabularCell = string | number | boolean | null;
export const ZTabularCellSchema = z.unknown().describe('text, number, true/false or null');

export const ZQueryExecutionSchema = z.object({
  queryExecutionResultRid: ZIdSchema,
  queryDefinitionRid: ZIdSchema,
  queryDefinitionName: z.string(),
  facilityId: ZIdSchema,
  status: ZQueryExecutionStatusSchema,
  /** The values the run bound (null: an optional parameter left empty). */
  parameters: z.record(z.string(), z.unknown()),
  requestedById: ZIdSchema.nullable(),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  completedAt: z.iso.datetime().nullable(),
  canceledAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  error: z.string().nullable(),
  rowCount: z.number().int().nullable(),
  truncated: z.boolean(),
  /** Present when the execution succeeded and has not expired (absent in search results). */
  columns: z.array(ZTabularColumnSchema).optional(),
  rows: z.array(z.array(ZTabularCellSchema)).optional(),
});
export type TQueryExecution = z.infer<typeof ZQueryExecutionSchema>;

export const ZCreateQueryExecutionRequestSchema = z.object({
  queryDefinitionRid: ZIdSchema,
  parameters: z
    .record(
      z.string().regex(TABULAR_PARAMETER_NAME_PATTERN, 'A parameter name'),
      ZTabularParameterValueSchema,
    )
    .default({}),
});
export type TCreateQueryExecutionRequest = z.infer<typeof ZCreateQueryExecutionRequestSchema>;
export const ZQueryExecutionParamsSchema = z.object({ queryExecutionResultRid: ZIdSchema });
export const ZGetQueryExecutionQuerySchema = z.object({
  /** true: the newest succeeded execution of the same definition and parameters, when this one has none. */
  lastSuccessfulExecution: ZQueryBooleanSchema.optional(),
  format: z.enum(TabularResultFormat).default('json'),
});
export type TGetQueryExecutionQuery = z.infer<typeof ZGetQueryExecutionQuerySchema>;
export const ZSearchQueryExecutionsRequestSchema = z.object({
  facilityId: ZIdSchema.optional(),
  queryDefinitionRids: z.array(ZIdSchema).max(100).optional(),
  statuses: z.array(ZQueryExecutionStatusSchema).max(6).optional(),
  requestedById: ZIdSchema.optional(),
  createdAfter: zDateTime().optional(),
  createdBefore: zDateTime().optional(),
  pageSize: z.number().int().min(1).max(SEARCH_EXECUTIONS_PAGE_SIZE_MAX).default(20),
  pageNumber: z.number().int().min(0).max(PAGE_NUMBER_MAX).default(0),
});
export type TSearchQueryExecutionsRequest = z.infer<typeof ZSearchQueryExecutionsRequestSchema>;
export const ZSearchQueryExecutionsReplySchema = z.object({ executions: z.array(ZQueryExecutionSchema) });
export type TSearchQueryExecutionsReply = z.infer<typeof ZSearchQueryExecutionsReplySchema>;
