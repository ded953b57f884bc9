import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  Loader,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import {
  FINISHED_EXECUTION_STATUSES,
  type TQueryDefinition,
  type TQueryExecution,
  type TTabularParameterValue,
} from '@sage/contract';
import { resolveParameterValues } from '@sage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { isApiError } from '../../shared/api';
import { lazyMessages, localeTag, useMessages } from '../../shared/i18n';
import { PageHeader } from '../../shared/page-header/page-header';
import { toast } from '../../shared/toast';
import { AdminGuard } from '../admin/admin-guard';
import { MANAGE_ROUTE } from '../admin/admin-shared';
import { reportKeys, reportsApi, useExecution, usePreviousRuns, useReportDefinitions } from './reports-api';
import { ResultChart } from './result-chart';

/** The page's labels, buttons and states (decision 0780), loaded with it; reports' names and results as stored. */
lazyMessages('reportsPage', {
  en: () => import('virtual:messages/en/reportsPage'),
  es: () => import('virtual:messages/es/reportsPage'),
});

/** /manage/reports: run a community's reports, see the table (and a chart), download CSV (decision 0283). */
export function ReportsPage() {
  const t = useMessages('reportsPage');
  return (
    <>
      <PageHeader title={t.title()} defaultRoute={MANAGE_ROUTE} />
      <AdminGuard refusal={t.managementOnly()} loadingLabel={t.loading()}>
        {({ facilityId }) => <Reports facilityId={facilityId} />}
      </AdminGuard>
    </>
  );
}

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The inputs' starting values: the definition's defaults resolved ('today-7' as a date). */
function initialValues(definition: TQueryDefinition): Record<string, string> {
  const { values } = resolveParameterValues(definition.parameters, {}, new Date(), browserTimeZone());
  return Object.fromEntries(
    definition.parameters.map((p) => [p.name, values[p.name] === null ? '' : String(values[p.name])]),
  );
}

function toRequestValues(definition: TQueryDefinition, inputs: Record<string, string>) {
  const out: Record<string, TTabularParameterValue> = {};
  for (const p of definition.parameters) {
    const raw = (inputs[p.name] ?? '').trim();
    if (raw === '') continue;
    out[p.name] =
      p.type === 'INTEGER' && /^-?\d+$/.test(raw) ? Number(raw) : p.type === 'BOOLEAN' ? raw === 'true' : raw;
  }
  return out;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString(localeTag(), {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

const statusColor: Record<TQueryExecution['status'], string> = {
  QUEUED: 'gray',
  RUNNING: 'blue',
  SUCCEEDED: 'green',
  FAILED: 'red',
  CANCELLED: 'orange',
  EXPIRED: 'gray',
};

function Reports({ facilityId }: { facilityId: string }) {
  const t = useMessages('reportsPage');
  const queryClient = useQueryClient();
  const definitions = useReportDefinitions(facilityId);
  const [definitionId, setDefinitionId] = useState<string | null>(null);
  const [inputs, setInputs] = useState<Record<string, string>>({});
  const [executionId, setExecutionId] = useState<string | null>(null);
  const definition = useMemo(
    () => definitions.data?.find((d) => d.queryDefinitionRid === definitionId) ?? null,
    [definitions.data, definitionId],
  );
  useEffect(() => {
    if (definition) setInputs(initialValues(definition));
    setExecutionId(null);
  }, [definition]);

  const execution = useExecution(executionId);
  const runs = usePreviousRuns(facilityId, definitionId);
  const finished = execution.data && FINISHED_EXECUTION_STATUSES.includes(execution.data.status);
  useEffect(() => {
    if (finished && definitionId) {
      void queryClient.invalidateQueries({ queryKey: reportKeys.runs(facilityId, definitionId) });
    }
  }, [finished, facilityId, definitionId, queryClient]);

  const run = useMutation({
    mutationFn: () =>
      reportsApi.run({
        queryDefinitionRid: definitionId as string,
        parameters: toRequestValues(definition as TQueryDefinition, inputs),
      }),
    onSuccess: (created) => {
      queryClient.setQueryData(reportKeys.execution(created.queryExecutionResultRid), created);
      setExecutionId(created.queryExecutionResultRid);
      void queryClient.invalidateQueries({
        queryKey: reportKeys.runs(facilityId, created.queryDefinitionRid),
      });
    },
    onError: (error) => toast.error(isApiError(error) ? error.message : t.failed()),
  });
  const cancel = useMutation({
    mutationFn: (id: string) => reportsApi.cancel(id),
    onSuccess: (cancelled) =>
      queryClient.setQueryData(reportKeys.execution(cancelled.queryExecutionResultRid), cancelled),
    onError: (error) => toast.error(isApiError(error) ? error.message : t.failed()),
  });
  const download = useMutation({
    mutationFn: async (e: TQueryExecution) => {
      const csv = await reportsApi.csv(e.queryExecutionResultRid);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      const slug = e.queryDefinitionName
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      link.href = url;
      link.download = `${slug || 'report'}-${(e.completedAt ?? e.createdAt).slice(0, 10)}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
    onError: (error) => toast.error(isApiError(error) ? error.message : t.failed()),
  });

  if (definitions.isPending) return <Loader aria-label={t.loading()} m="md" />;
  if (definitions.isError)
    return (
      <Alert color="red" m="md">
        {t.failed()}
      </Alert>
    );
  if (definitions.data.length === 0) return <Text p="md">{t.noReports()}</Text>;

  const current = execution.data;
  const running = current && !FINISHED_EXECUTION_STATUSES.includes(current.status);
  return (
    <Box component="main" p="md" maw={960} mx="auto">
      <Stack gap="md">
        <Select
          label={t.pickReport()}
          placeholder={t.choose()}
          data={definitions.data.map((d) => ({ value: d.queryDefinitionRid, label: d.name }))}
          value={definitionId}
          onChange={setDefinitionId}
          size="lg"
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {definition && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              run.mutate();
            }}
          >
            <Stack gap="sm">
              {definition.description && (
                <Text size="sm" c="dimmed">
                  {definition.description}
                </Text>
              )}
              {definition.parameters.map((p) =>
                p.type === 'BOOLEAN' ? (
                  <Checkbox
                    key={p.name}
                    label={p.label}
                    size="lg"
                    checked={inputs[p.name] === 'true'}
                    onChange={(event) =>
                      setInputs((v) => ({ ...v, [p.name]: String(event.currentTarget.checked) }))
                    }
                  />
                ) : (
                  <TextInput
                    key={p.name}
                    label={p.label}
                    size="lg"
                    required={p.required}
                    type={
                      p.type === 'DATE'
                        ? 'date'
                        : p.type === 'DATE_TIME'
                          ? 'datetime-local'
                          : p.type === 'INTEGER'
                            ? 'number'
                            : 'text'
                    }
                    value={inputs[p.name] ?? ''}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      setInputs((v) => ({ ...v, [p.name]: value }));
                    }}
                  />
                ),
              )}
              <Group grow>
                <Button type="submit" size="lg" loading={run.isPending} disabled={Boolean(running)}>
                  {t.run()}
                </Button>
              </Group>
            </Stack>
          </form>
        )}

        {current && (
          <Result
            definition={definition}
            execution={current}
            onCancel={() => cancel.mutate(current.queryExecutionResultRid)}
            cancelling={cancel.isPending}
            onDownload={() => download.mutate(current)}
            downloading={download.isPending}
          />
        )}

        {definition && (
          <Stack gap={4}>
            <Text fw={600}>{t.previousRuns()}</Text>
            {runs.data?.length === 0 && (
              <Text size="sm" c="dimmed">
                {t.noRuns()}
              </Text>
            )}
            <Stack
              gap={0}
              component="ul"
              aria-label={t.previousRuns()}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {runs.data?.map((e) => (
                <li key={e.queryExecutionResultRid}>
                  <UnstyledButton
                    onClick={() => setExecutionId(e.queryExecutionResultRid)}
                    w="100%"
                    mih={44}
                    py={6}
                    style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
                  >
                    <Group justify="space-between" wrap="nowrap">
                      <Text size="sm">
                        {when(e.createdAt)}
                        {e.rowCount !== null ? ` · ${e.rowCount} ${t.rows({ count: e.rowCount })}` : ''}
                      </Text>
                      <Badge color={statusColor[e.status]} variant="light">
                        {t[`status_${e.status}`]()}
                      </Badge>
                    </Group>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

function Result({
  definition,
  execution,
  onCancel,
  cancelling,
  onDownload,
  downloading,
}: {
  definition: TQueryDefinition | null;
  execution: TQueryExecution;
  onCancel: () => void;
  cancelling: boolean;
  onDownload: () => void;
  downloading: boolean;
}) {
  const t = useMessages('reportsPage');
  const running = !FINISHED_EXECUTION_STATUSES.includes(execution.status);
  return (
    <Stack gap="sm" aria-label={t.result()} role="region">
      <Group justify="space-between">
        <Group gap="xs">
          <Badge color={statusColor[execution.status]} size="lg" variant="light">
            {t[`status_${execution.status}`]()}
          </Badge>
          {execution.rowCount !== null && (
            <Text size="sm">{`${execution.rowCount} ${t.rows({ count: execution.rowCount })}`}</Text>
          )}
        </Group>
        {running ? (
          <Button variant="default" size="lg" onClick={onCancel} loading={cancelling}>
            {t.cancel()}
          </Button>
        ) : (
          execution.status === 'SUCCEEDED' && (
            <Button variant="light" size="lg" onClick={onDownload} loading={downloading}>
              {t.downloadCsv()}
            </Button>
          )
        )}
      </Group>
      {running && <Loader size="sm" aria-label={t.running()} />}
      {execution.status === 'FAILED' && (
        <Alert color="red" title={t.failed()}>
          {execution.error}
        </Alert>
      )}
      {execution.truncated && <Text size="sm">{t.truncated({ limit: execution.rowCount ?? 0 })}</Text>}
      {execution.columns && execution.rows && (
        <>
          {definition?.chart && (
            <ResultChart chart={definition.chart} columns={execution.columns} rows={execution.rows} />
          )}
          {execution.rows.length === 0 ? (
            <Text c="dimmed">{t.noRows()}</Text>
          ) : (
            <ScrollArea type="auto" offsetScrollbars>
              <Table striped withTableBorder fz="sm" aria-label={execution.queryDefinitionName}>
                <Table.Thead>
                  <Table.Tr>
                    {execution.columns.map((c) => (
                      <Table.Th key={c.name} style={{ whiteSpace: 'nowrap' }}>
                        {c.name}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {execution.rows.map((row, i) => (
                    <Table.Tr key={i}>
                      {row.map((value, j) => (
                        <Table.Td key={execution.columns?.[j]?.name ?? j} style={{ whiteSpace: 'nowrap' }}>
                          {value === null || value === undefined ? '' : String(value)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          )}
        </>
      )}
    </Stack>
  );
}
