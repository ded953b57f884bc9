import {
  FINISHED_EXECUTION_STATUSES,
  TABULAR_PATHS,
  type TCreateQueryExecutionRequest,
  type TQueryDefinition,
  type TQueryExecution,
  ZListQueryDefinitionsReplySchema,
  ZQueryExecutionSchema,
  ZSearchQueryExecutionsReplySchema,
} from '@sage/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api';

/** The tabular record service as the reports screen uses it (decision 0283). */
export const reportsApi = {
  definitions: (facilityId: string): Promise<TQueryDefinition[]> =>
    api.get('tabularRecord', TABULAR_PATHS.queryDefinitions, {
      query: { facilityId, pageSize: 100 },
      parse: ZListQueryDefinitionsReplySchema.parse,
    }),
  run: (body: TCreateQueryExecutionRequest): Promise<TQueryExecution> =>
    api.post('tabularRecord', TABULAR_PATHS.queryExecutions, body, { parse: ZQueryExecutionSchema.parse }),
  execution: (id: string): Promise<TQueryExecution> =>
    api.get('tabularRecord', `${TABULAR_PATHS.queryExecutions}/${encodeURIComponent(id)}`, {
      parse: ZQueryExecutionSchema.parse,
    }),
  cancel: (id: string): Promise<TQueryExecution> =>
    api.delete('tabularRecord', `${TABULAR_PATHS.queryExecutions}/${encodeURIComponent(id)}`, {
      parse: ZQueryExecutionSchema.parse,
    }),
  csv: (id: string): Promise<string> =>
    api.get('tabularRecord', `${TABULAR_PATHS.queryExecutions}/${encodeURIComponent(id)}`, {
      query: { format: 'csv' },
      headers: { Accept: 'text/csv' },
      parse: (data) => String(data ?? ''),
    }),
  previousRuns: (facilityId: string, queryDefinitionRid: string): Promise<TQueryExecution[]> =>
    api
      .post(
        'tabularRecord',
        `${TABULAR_PATHS.queryExecutions}/search`,
        { facilityId, queryDefinitionRids: [queryDefinitionRid], pageSize: 10 },
        { parse: ZSearchQueryExecutionsReplySchema.parse },
      )
      .then((reply) => reply.executions),
};

export const reportKeys = {
  definitions: (facilityId: string) => ['reports', 'definitions', facilityId] as const,
  execution: (id: string) => ['reports', 'execution', id] as const,
  runs: (facilityId: string, definitionId: string) => ['reports', 'runs', facilityId, definitionId] as const,
};

export const useReportDefinitions = (facilityId: string) =>
  useQuery({
    queryKey: reportKeys.definitions(facilityId),
    queryFn: () => reportsApi.definitions(facilityId),
  });

const isFinished = (e: TQueryExecution | undefined) =>
  e !== undefined && FINISHED_EXECUTION_STATUSES.includes(e.status);

/** One execution, polled every second until the worker has finished it. */
export const useExecution = (id: string | null) =>
  useQuery({
    queryKey: reportKeys.execution(id ?? ''),
    queryFn: () => reportsApi.execution(id as string),
    enabled: Boolean(id),
    refetchInterval: (query) => (isFinished(query.state.data) ? false : 1_000),
  });

export const usePreviousRuns = (facilityId: string, definitionId: string | null) =>
  useQuery({
    queryKey: reportKeys.runs(facilityId, definitionId ?? ''),
    queryFn: () => reportsApi.previousRuns(facilityId, definitionId as string),
    enabled: Boolean(definitionId),
  });
