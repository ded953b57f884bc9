import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  ALERT_KINDS,
  type AlertKind,
  RESPONSE_SHIFTS,
  RESPONSE_STEPS,
  RESPONSE_TIMES_DEFAULT_DAYS,
  type ResponseShift,
  type ResponseStep,
  type TResponseTimesReply,
  type TResponseTimesRow,
  ZResponseTimesQuerySchema,
  ZResponseTimesReplySchema,
} from '@sage/contract';
import {
  formatDuration,
  RESPONSE_BAND_LIMITS,
  type ResponseBand,
  responseBand,
  responseTimesCsv,
} from '@sage/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { format, subDays } from 'date-fns';
import { useState } from 'react';
import { api } from '../../../shared/api';
import { localeTag, type Messages, useLanguage, useMessages } from '../../../shared/i18n';
import { PageHeader } from '../../../shared/page-header/page-header';
import { AdminGuard } from '../../admin/admin-guard';
import { MANAGE_ROUTE } from '../../admin/admin-shared';
import { useCareZones } from '../../shift/shift-api';
import './response-times-messages';

/** Band colours: dark enough for white text and for bars on white (WCAG AA). */
const BAND_COLORS: Record<ResponseBand, string> = {
  ACCEPTABLE: 'green.9',
  NEEDS_IMPROVEMENT: 'orange.9',
  UNACCEPTABLE: 'red.9',
};

/** Band colours of text on the tables' white and grey rows: darker, for 4.5:1 contrast on both. */
const BAND_TEXT_COLORS: Record<ResponseBand, string> = {
  ACCEPTABLE: '#1e6b30',
  NEEDS_IMPROVEMENT: '#a63c06',
  UNACCEPTABLE: '#a51d1d',
};

const minutes = (seconds: number) => Math.round((seconds / 60) * 10) / 10;

type Breakdown = 'hour' | 'shift' | 'kind' | 'staff' | 'zone';

/**
 * A row's name in the reader's language: the server names shifts and alert kinds with the contract's English
 * labels, which are read again by their key; hours, people and care zones are shown as sent (names are never
 * translated), an unknown or former staff member in the reader's words.
 */
function rowLabel(breakdown: Breakdown, row: TResponseTimesRow, M: Messages<'responseTimes'>): string {
  if (breakdown === 'shift' && (RESPONSE_SHIFTS as readonly string[]).includes(row.key))
    return M[`shift_${row.key as ResponseShift}`]();
  if (breakdown === 'kind' && (ALERT_KINDS as readonly string[]).includes(row.key))
    return M[`kind_${row.key as AlertKind}`]();
  if (breakdown === 'staff' && row.key === 'unknown') return M.unknownStaff();
  if (breakdown === 'staff' && row.label === 'Former staff member') return M.formerStaff();
  return row.label;
}

/** 'Nov 29, 2026 4:28 AM' as it always read in English; in another language, its own medium date and time. */
const asOfTime = (iso: string, english: boolean) =>
  english
    ? format(new Date(iso), 'MMM d, yyyy h:mm a')
    : new Date(iso).toLocaleString(localeTag(), { dateStyle: 'medium', timeStyle: 'short' });

interface Filters {
  from: string;
  to: string;
  shift: ResponseShift | null;
  careZoneId: string | null;
}

/** /manage/response-times: claim, bedside and resolve times with their colour bands (docs/decisions/0305). */
export function ResponseTimesPage() {
  const M = useMessages('responseTimes');
  return (
    <>
      <PageHeader title={M.title()} defaultRoute={MANAGE_ROUTE} />
      <AdminGuard>{({ facilityId }) => <ResponseTimes facilityId={facilityId} />}</AdminGuard>
    </>
  );
}

function ResponseTimes({ facilityId }: { facilityId: string }) {
  const M = useMessages('responseTimes');
  const today = new Date();
  const [filters, setFilters] = useState<Filters>({
    from: format(subDays(today, RESPONSE_TIMES_DEFAULT_DAYS - 1), 'yyyy-MM-dd'),
    to: format(today, 'yyyy-MM-dd'),
    shift: null,
    careZoneId: null,
  });
  const [step, setStep] = useState<ResponseStep>('CONFIRM');
  const zones = useCareZones(facilityId);
  const query = {
    facilityId,
    ...filters,
    shift: filters.shift ?? undefined,
    careZoneId: filters.careZoneId ?? undefined,
  };
  const valid = ZResponseTimesQuerySchema.safeParse(query);
  const figures = useQuery({
    queryKey: ['responseTimes', query],
    queryFn: (): Promise<TResponseTimesReply> =>
      api.get('insights', '/responseTimes', { query, parse: ZResponseTimesReplySchema.parse }),
    enabled: valid.success,
    placeholderData: keepPreviousData,
  });
  const periodError = valid.success ? undefined : valid.error.issues.find((i) => i.path[0] === 'to')?.message;

  const exportCsv = () => {
    if (!figures.data) return;
    const blob = new Blob([responseTimesCsv(figures.data)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `response-times-${figures.data.from}-${figures.data.to}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  };

  return (
    <Box component="main" p="md" maw={960} mx="auto">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="sm">
          <TextInput
            type="date"
            label={M.from()}
            value={filters.from}
            onChange={(e) => setFilters({ ...filters, from: e.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={M.to()}
            value={filters.to}
            error={periodError}
            onChange={(e) => setFilters({ ...filters, to: e.currentTarget.value })}
          />
          <Select
            label={M.shift()}
            data={[
              { value: '', label: M.allShifts() },
              ...RESPONSE_SHIFTS.map((s) => ({ value: s, label: M[`shift_${s}`]() })),
            ]}
            value={filters.shift ?? ''}
            allowDeselect={false}
            onChange={(v) => setFilters({ ...filters, shift: (v || null) as ResponseShift | null })}
          />
          <Select
            label={M.careZone()}
            data={[
              { value: '', label: M.allZones() },
              ...(zones.data ?? []).map((z) => ({ value: z.id, label: z.name })),
            ]}
            value={filters.careZoneId ?? ''}
            allowDeselect={false}
            onChange={(v) => setFilters({ ...filters, careZoneId: v || null })}
          />
        </SimpleGrid>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <SegmentedControl
            aria-label={M.step()}
            styles={{
              label: { minHeight: 44, display: 'flex', alignItems: 'center', justifyContent: 'center' },
            }}
            value={step}
            onChange={(v) => setStep(v as ResponseStep)}
            data={RESPONSE_STEPS.map((s) => ({ value: s, label: M[`step_${s}`]() }))}
          />
          <Button variant="light" size="md" mih={44} onClick={exportCsv} disabled={!figures.data}>
            {M.exportCsv()}
          </Button>
        </Group>
        <BandLegend step={step} />
        {figures.isError && <Alert color="red">{M.loadFailed()}</Alert>}
        {figures.isPending && valid.success && <Loader aria-label={M.loading()} />}
        {figures.data && <Figures data={figures.data} step={step} />}
      </Stack>
    </Box>
  );
}

function BandLegend({ step }: { step: ResponseStep }) {
  const M = useMessages('responseTimes');
  const limits = RESPONSE_BAND_LIMITS[step];
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <Badge color={BAND_COLORS.ACCEPTABLE} tt="none">
          {M.bandUpTo({ band: M.band_ACCEPTABLE(), minutes: limits.acceptableSeconds / 60 })}
        </Badge>
        <Badge color={BAND_COLORS.NEEDS_IMPROVEMENT} tt="none">
          {M.bandUpTo({ band: M.band_NEEDS_IMPROVEMENT(), minutes: limits.needsImprovementSeconds / 60 })}
        </Badge>
        <Badge color={BAND_COLORS.UNACCEPTABLE} tt="none">
          {M.bandOver({ band: M.band_UNACCEPTABLE(), minutes: limits.needsImprovementSeconds / 60 })}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {M.benchmark()}
      </Text>
    </Stack>
  );
}

/** A time with its band, as text (the band is named, not only coloured). */
function Timed({ step, seconds }: { step: ResponseStep; seconds: number }) {
  const M = useMessages('responseTimes');
  const band = responseBand(step, seconds);
  return (
    <Badge color={BAND_COLORS[band]} size="lg" radius="sm" title={M[`band_${band}`]()} tt="none">
      {formatDuration(seconds)}
    </Badge>
  );
}

/** The same in a table cell: coloured bold text, which wraps instead of being cut off at 360 px. */
function TimedText({ step, seconds }: { step: ResponseStep; seconds: number }) {
  const M = useMessages('responseTimes');
  const band = responseBand(step, seconds);
  return (
    <Text span fw={700} size="sm" c={BAND_TEXT_COLORS[band]} title={M[`band_${band}`]()}>
      {formatDuration(seconds)}
    </Text>
  );
}

function Figures({ data, step }: { data: TResponseTimesReply; step: ResponseStep }) {
  const M = useMessages('responseTimes');
  const english = useLanguage() === 'en';
  if (!RESPONSE_STEPS.some((s) => data.overall[s])) return <Text>{M.noAlerts()}</Text>;
  return (
    <Stack gap="lg">
      {data.asOf && (
        <Text size="xs" c="dimmed">
          {M.asOf({ time: asOfTime(data.asOf, english) })}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {RESPONSE_STEPS.map((s) => {
          const figure = data.overall[s];
          return (
            <Card
              key={s}
              component="section"
              withBorder
              padding="sm"
              aria-label={M.overall({ step: M[`step_${s}`]() })}
            >
              <Text fw={600}>{M[`step_${s}`]()}</Text>
              {figure ? (
                <Stack gap={4} mt={4}>
                  <Group gap="xs" justify="space-between">
                    <Text size="sm">{M.median()}</Text>
                    <Timed step={s} seconds={figure.p50Seconds} />
                  </Group>
                  <Group gap="xs" justify="space-between">
                    <Text size="sm">{M.p90()}</Text>
                    <Timed step={s} seconds={figure.p90Seconds} />
                  </Group>
                  <Text size="sm" c="dimmed">
                    {M.alerts()}: {figure.count}
                  </Text>
                </Stack>
              ) : (
                <Text size="sm">{M.noAlerts()}</Text>
              )}
            </Card>
          );
        })}
      </SimpleGrid>
      <Chart title={M.byHour()} rows={data.byHourOfDay} breakdown="hour" step={step} />
      <Chart title={M.byShift()} rows={data.byShift} breakdown="shift" step={step} />
      <Chart title={M.byKind()} rows={data.byAlertKind} breakdown="kind" step={step} />
      <FigureTable
        title={M.byStaff()}
        column={M.staffColumn()}
        rows={data.byStaffMember}
        breakdown="staff"
        step={step}
      />
      <FigureTable
        title={M.byZone()}
        column={M.zoneColumn()}
        rows={data.byCareZone}
        breakdown="zone"
        step={step}
      />
    </Stack>
  );
}

function Chart({
  title,
  rows,
  breakdown,
  step,
}: {
  title: string;
  rows: TResponseTimesRow[];
  breakdown: Breakdown;
  step: ResponseStep;
}) {
  const M = useMessages('responseTimes');
  const points = rows.flatMap((r) => {
    const figure = r[step];
    return figure ? [{ label: rowLabel(breakdown, r, M), median: minutes(figure.p50Seconds) }] : [];
  });
  if (!points.length) return null;
  const limits = RESPONSE_BAND_LIMITS[step];
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {title}
      </Title>
      <BarChart
        h={220}
        data={points}
        dataKey="label"
        series={[{ name: 'median', label: M.median(), color: 'green.9' }]}
        getBarColor={(value) => BAND_COLORS[responseBand(step, value * 60)]}
        referenceLines={[
          { y: limits.acceptableSeconds / 60, color: 'orange.9' },
          { y: limits.needsImprovementSeconds / 60, color: 'red.9' },
        ]}
        tickLine="y"
        // The axis reaches the unacceptable line, so every bar is seen against the bands.
        yAxisProps={{
          domain: [0, (dataMax: number) => Math.max(dataMax, limits.needsImprovementSeconds / 60)],
        }}
        withTooltip
        valueFormatter={(value) => M.minutes({ value })}
      />
    </Stack>
  );
}

function FigureTable({
  title,
  column,
  rows,
  breakdown,
  step,
}: {
  title: string;
  /** The first column's heading ('Staff member', 'Care zone'). */
  column: string;
  rows: TResponseTimesRow[];
  breakdown: Breakdown;
  step: ResponseStep;
}) {
  const M = useMessages('responseTimes');
  const present = rows.filter((r) => r[step]);
  if (!present.length) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {title}
      </Title>
      <Table.ScrollContainer minWidth={320}>
        <Table striped verticalSpacing="xs" horizontalSpacing="xs" aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{column}</Table.Th>
              <Table.Th>{M.median()}</Table.Th>
              <Table.Th>{M.p90Short()}</Table.Th>
              <Table.Th>{M.alerts()}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {present.map((r) => {
              const figure = r[step]!;
              return (
                <Table.Tr key={r.key}>
                  <Table.Td>{rowLabel(breakdown, r, M)}</Table.Td>
                  <Table.Td>
                    <TimedText step={step} seconds={figure.p50Seconds} />
                  </Table.Td>
                  <Table.Td>
                    <TimedText step={step} seconds={figure.p90Seconds} />
                  </Table.Td>
                  <Table.Td>{figure.count}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
