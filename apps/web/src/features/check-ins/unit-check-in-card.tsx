import { Badge, Button, Loader, Paper, Stack, Text } from '@mantine/core';
import {
  CHECK_IN_STATUS_LABELS,
  CheckInErrorCode,
  type TCheckInReply,
  type TStaffCheckInReason,
  UNIT_CHECK_IN_REASON_CHOICES,
} from '@sage/contract';
import { isBeforeDailyCheckIn } from '@sage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { isApiError } from '../../shared/api/client';
import { useMessages } from '../../shared/i18n';
import { reportError } from '../../shared/report-error';
import { toast } from '../../shared/toast';
import { checkInCardActions } from './check-in-card-state';
import { useCheckInTime } from './check-in-time';
import './check-ins-messages';
import { checkInKeys, checkInsApi, useFacilityTimeZone, useUnitCheckIn } from './check-ins-api';

const MINUTE_MS = 60_000;

/** The current time, refreshed every minute (so the card opens at 4:00 am without a reload). */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The status the card names: one of the labelled three (another, EXPIRED, reads as not checked in). */
const shownStatus = (status: TCheckInReply['status']): keyof typeof CHECK_IN_STATUS_LABELS =>
  status in CHECK_IN_STATUS_LABELS ? (status as keyof typeof CHECK_IN_STATUS_LABELS) : 'PENDING';

export interface UnitCheckInCardProps {
  unit: { id: string; displayName: string };
  facilityId: string;
  /** Cancel: leaves the card (the drawer closes). */
  onCancel: () => void;
}

/**
 * Unit check-in card (drawer 11) for independent-living residents: the unit's daily check-in status, 'Check-in
 * Unit' with the reason choices, 'Remove Unit Check-in', Cancel and Go Back. Before 4:00 am facility time it
 * shows 'Daily check-in begins at 4:00 am' and fetches nothing; "Check-in: blocked during downtime": a check-in
 * already on screen keeps its actions, disabled, and a CHECK_IN_DOWNTIME answer from the server (its clock
 * decides) does the same (docs/decisions/0059).
 */
export function UnitCheckInCard({ unit, facilityId, onCancel }: UnitCheckInCardProps) {
  const m = useMessages('checkIns');
  const checkInTime = useCheckInTime();
  const now = useNow();
  const timeZone = useFacilityTimeZone(facilityId);
  const tz = timeZone.data ?? null;
  const beforeStart = tz !== null && isBeforeDailyCheckIn(now, tz);
  const checkIn = useUnitCheckIn(unit.id, tz !== null && !beforeStart);
  const [choosing, setChoosing] = useState(false);
  /** The server refused a change with CHECK_IN_DOWNTIME (cleared when the local clock leaves downtime). */
  const [serverDowntime, setServerDowntime] = useState(false);
  useEffect(() => {
    if (!beforeStart) setServerDowntime(false);
  }, [beforeStart, now]);
  const downtime = beforeStart || serverDowntime;
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: (body: { status: 'COMPLETE' | 'PENDING'; checkInReason?: TStaffCheckInReason }) =>
      checkInsApi.update(checkIn.data?.id ?? '', body),
    onSuccess: (saved) => {
      queryClient.setQueryData(checkInKeys.unit(unit.id), saved);
      void queryClient.invalidateQueries({ queryKey: checkInKeys.all, refetchType: 'none' });
      // A daily check-in list on screen under the drawer shows the change at once.
      void queryClient.invalidateQueries({ queryKey: checkInKeys.facilities });
      setChoosing(false);
      toast.success(m.updated({ unitName: unit.displayName }));
    },
    onError: (error) => {
      if (isApiError(error) && error.code === CheckInErrorCode.CHECK_IN_DOWNTIME) {
        setServerDowntime(true);
        setChoosing(false);
        toast.warning(m.begins());
        return;
      }
      // Changed meanwhile (another device checked in or removed it: docs/decisions/0235): show it as it is now.
      void queryClient.invalidateQueries({ queryKey: checkInKeys.unit(unit.id) });
      reportError(error, { action: 'update-check-in', unitId: unit.id });
      toast.error(m.updateFailed());
    },
  });

  let body: ReactNode;
  if (timeZone.isPending) body = <Loader aria-label={m.loading()} />;
  else if (timeZone.isError) body = <Text c="red">{timeZone.error.message}</Text>;
  else if (downtime && !checkIn.data) body = <Text>{m.begins()}</Text>;
  else if (checkIn.isPending) body = <Loader aria-label={m.loading()} />;
  else if (checkIn.isError) body = <Text c="red">{checkIn.error.message}</Text>;
  else {
    const c = checkIn.data;
    const completeAt =
      c.status === 'COMPLETE' && c.checkInTimestamp !== null && tz
        ? checkInTime(c.checkInTimestamp, tz)
        : null;
    body = (
      <Stack gap={6}>
        <Badge
          size="lg"
          tt="none"
          variant="light"
          color={c.status === 'COMPLETE' ? 'green' : c.status === 'SKIPPED_ON_HOLD' ? 'gray' : 'orange'}
          aria-label={m.status()}
        >
          {m[`status_${shownStatus(c.status)}`]()}
        </Badge>
        {completeAt ? <Text c="dimmed">{completeAt}</Text> : null}
        {downtime ? <Text>{m.begins()}</Text> : null}
      </Stack>
    );
  }

  const actions = checkInCardActions(checkIn.data, downtime);
  const canCheckIn = actions.showCheckIn;
  const canRemove = actions.showRemove;
  const big = { size: 'lg', fullWidth: true, mih: 48 } as const;

  return (
    <Paper withBorder p="md" radius="md" aria-label={m.card()} role="region">
      <Stack gap="sm">
        <Text fw={700}>{unit.displayName}</Text>
        {body}
        {choosing && canCheckIn ? (
          <>
            {UNIT_CHECK_IN_REASON_CHOICES.map((choice) => (
              <Button
                key={choice.reason}
                {...big}
                variant="light"
                loading={update.isPending && update.variables?.checkInReason === choice.reason}
                disabled={update.isPending || actions.disabled}
                onClick={() =>
                  update.mutate({ status: 'COMPLETE', checkInReason: choice.reason as TStaffCheckInReason })
                }
              >
                {m[`reason_${choice.reason as TStaffCheckInReason}`]()}
              </Button>
            ))}
            <Button {...big} variant="default" disabled={update.isPending} onClick={() => setChoosing(false)}>
              {m.goBack()}
            </Button>
          </>
        ) : (
          <>
            {canCheckIn ? (
              <Button {...big} disabled={actions.disabled} onClick={() => setChoosing(true)}>
                {m.checkInUnit()}
              </Button>
            ) : null}
            {canRemove ? (
              <Button
                {...big}
                color="red"
                variant="light"
                loading={update.isPending}
                disabled={actions.disabled}
                onClick={() => update.mutate({ status: 'PENDING' })}
              >
                {m.removeUnitCheckIn()}
              </Button>
            ) : null}
            <Button {...big} variant="default" onClick={onCancel}>
              {m.cancel()}
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
