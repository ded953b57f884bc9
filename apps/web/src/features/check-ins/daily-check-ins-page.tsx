import { Badge, Box, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import {
  CheckInErrorCode,
  type TCheckIn,
  type TStaffCheckInReason,
  UNIT_CHECK_IN_REASON_CHOICES,
} from '@sage/contract';
import { isBeforeDailyCheckIn } from '@sage/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isApiError } from '../../shared/api/client';
import { useDrawers } from '../../shared/drawers';
import { preloadMessages, useMessages } from '../../shared/i18n';
import { PageHeader } from '../../shared/page-header/page-header';
import { reportError } from '../../shared/report-error';
import { toast } from '../../shared/toast';
import { useCurrentFacility } from '../shift/shift-api';
import { useUnitSearch } from '../units/units-api';
import { useCheckInTime } from './check-in-time';
import { checkInKeys, checkInsApi } from './check-ins-api';
import { dailyCheckInRow } from './daily-check-in-row';
import './check-ins-messages';

const MINUTE_MS = 60_000;

/** The current time, refreshed every minute (the list opens itself at 4:00 am). */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * Daily check-in list (alerts doc section 2): each independent-living unit of the current facility with its
 * check-in of the day, 'Not Checked-In' / 'Checked-In' / 'On Hold'; 'Check-in Unit' (with the reasons) only
 * for a pending check-in of a unit with occupants; 'No residents in this unit' for an empty one. Before 4:00 am
 * facility time: 'Daily check-in begins at 4:00 am', and nothing is fetched. Refetched on focus.
 */
export function DailyCheckInsPage() {
  preloadMessages('checkIns');
  const m = useMessages('checkIns');
  const now = useMinuteClock();
  const facility = useCurrentFacility();
  const facilityId = facility.data?.id ?? null;
  const timeZone = facility.data?.timezone ?? null;
  const beforeStart = timeZone !== null && isBeforeDailyCheckIn(now, timeZone);
  const open = facilityId !== null && timeZone !== null && !beforeStart;
  const checkIns = useQuery({
    queryKey: checkInKeys.facility(facilityId ?? ''),
    queryFn: () => checkInsApi.listToday(facilityId ?? ''),
    enabled: open,
    refetchOnWindowFocus: true,
    // "optionally polled": check-in button presses show up within a minute.
    refetchInterval: open ? MINUTE_MS : false,
  });
  const units = useUnitSearch(facilityId, 'INDEPENDENT_LIVING', !open);

  let body: React.ReactNode;
  if (facility.isPending) body = <Loader aria-label={m.loading()} />;
  else if (facility.isError) body = <Text c="red">{facility.error.message}</Text>;
  else if (!open) body = <Text>{m.begins()}</Text>;
  else if (checkIns.isPending || units.isPending) body = <Loader aria-label={m.loading()} />;
  else if (checkIns.isError) body = <Text c="red">{checkIns.error.message}</Text>;
  else if (units.isError) body = <Text c="red">{units.error.message}</Text>;
  else {
    const occupants = new Map(units.data.map((u) => [u.id, u.currentOccupants.length]));
    body = (
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={m.units()}>
        {checkIns.data.map((c) => (
          <li key={c.unit.id}>
            <UnitCheckInRow
              checkIn={c}
              occupantCount={occupants.get(c.unit.id) ?? 0}
              timeZone={timeZone ?? 'UTC'}
              facilityId={facilityId ?? ''}
            />
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader title={m.title()} />
      <Box component="main" p="md">
        {body}
      </Box>
    </>
  );
}

function UnitCheckInRow({
  checkIn,
  occupantCount,
  timeZone,
  facilityId,
}: {
  checkIn: TCheckIn;
  occupantCount: number;
  timeZone: string;
  facilityId: string;
}) {
  const m = useMessages('checkIns');
  const checkInTime = useCheckInTime();
  const row = dailyCheckInRow(checkIn, occupantCount);
  const drawers = useDrawers();
  const [choosing, setChoosing] = useState(false);
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: async (checkInReason: TStaffCheckInReason) => {
      // A unit whose check-in of the day is not stored yet gets it first (POST /checkIns).
      const id = checkIn.id ?? (await checkInsApi.todayOfUnit(checkIn.unit.id)).id;
      return checkInsApi.update(id, { status: 'COMPLETE', checkInReason });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<TCheckIn[]>(checkInKeys.facility(facilityId), (list) =>
        list?.map((c) => (c.unit.id === saved.unit.id ? saved : c)),
      );
      queryClient.setQueryData(checkInKeys.unit(saved.unit.id), saved);
      setChoosing(false);
      toast.success(m.updated({ unitName: checkIn.unit.displayName }));
    },
    onError: (error) => {
      setChoosing(false);
      if (isApiError(error) && error.code === CheckInErrorCode.CHECK_IN_DOWNTIME) {
        toast.warning(m.begins());
        return;
      }
      void queryClient.invalidateQueries({ queryKey: checkInKeys.facility(facilityId) });
      reportError(error, { action: 'daily-check-in', unitId: checkIn.unit.id });
      toast.error(m.updateFailed());
    },
  });
  const big = { size: 'lg', fullWidth: true, mih: 48 } as const;
  const completeAt =
    checkIn.status === 'COMPLETE' && checkIn.checkInTimestamp !== null
      ? checkInTime(checkIn.checkInTimestamp, timeZone)
      : null;

  return (
    <Paper withBorder p="md" radius="md" role="region" aria-label={checkIn.unit.displayName}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{checkIn.unit.displayName}</Text>
          {row.showDetails ? (
            <Button
              variant="subtle"
              mih={44}
              onClick={() => drawers.open('unit-check-in', { unit: checkIn.unit, facilityId })}
            >
              {m.details()}
            </Button>
          ) : null}
        </Group>
        <Box>
          <Badge
            size="lg"
            tt="none"
            variant="light"
            color={row.status === 'COMPLETE' ? 'green' : row.status === 'SKIPPED_ON_HOLD' ? 'gray' : 'orange'}
            aria-label={m.status()}
          >
            {m[`status_${row.status}`]()}
          </Badge>
        </Box>
        {completeAt ? <Text c="dimmed">{completeAt}</Text> : null}
        {row.noResidents ? <Text c="dimmed">{m.noResidents()}</Text> : null}
        {row.showCheckIn && !choosing ? (
          <Button {...big} onClick={() => setChoosing(true)}>
            {m.checkInUnit()}
          </Button>
        ) : null}
        {row.showCheckIn && choosing ? (
          <>
            {UNIT_CHECK_IN_REASON_CHOICES.map((choice) => (
              <Button
                key={choice.reason}
                {...big}
                variant="light"
                loading={update.isPending && update.variables === choice.reason}
                disabled={update.isPending}
                onClick={() => update.mutate(choice.reason as TStaffCheckInReason)}
              >
                {m[`reason_${choice.reason as TStaffCheckInReason}`]()}
              </Button>
            ))}
            <Button {...big} variant="default" disabled={update.isPending} onClick={() => setChoosing(false)}>
              {m.goBack()}
            </Button>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
