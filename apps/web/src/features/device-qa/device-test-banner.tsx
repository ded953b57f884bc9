import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { TDeviceTestNotice, TDeviceTestNoticesReply } from '@sage/contract';
import { useEffect } from 'react';
import { localeTag, useMessages } from '../../shared/i18n';
import { useNow } from '../alerts/use-now';
import './device-messages';

export { NOTICES_REFRESH_MS } from './device-tests-query';

const timeOfDay = (timezone: string, at: number): string => {
  try {
    return new Intl.DateTimeFormat(localeTag(), {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: timezone,
    }).format(at);
  } catch {
    // A zone this browser does not know: its own.
    return new Intl.DateTimeFormat(localeTag(), { hour: 'numeric', minute: '2-digit' }).format(at);
  }
};

/**
 * 'Device test in progress: presses of tested devices are not alerted' (issue #29, decision 0505): one banner per
 * walk in progress, naming who started it and when it ends, with 'End test' for those who may end it. A walk past
 * its end time is hidden at once by the client's own clock (set to the server's), whatever the live channel says.
 * Its words are dark on the orange (white was 3.0:1, under the 4.5:1 the axe scan asks; decision 0700).
 */
export function DeviceTestBanner({
  reply,
  receivedAt,
  onEnd,
  endingRid,
  large = false,
}: {
  reply: TDeviceTestNoticesReply | undefined;
  /** When the reply arrived (client clock): with its serverTime, the skew between the two clocks. */
  receivedAt: number;
  onEnd?: (notice: TDeviceTestNotice) => void;
  endingRid?: string | null;
  /** The station display's size. */
  large?: boolean;
}) {
  const m = useMessages('devices');
  const now = useNow(1_000) + (reply ? reply.serverTime - receivedAt : 0);
  const notices = (reply?.deviceTests ?? []).filter((n) => n.expiresAt > now);
  if (!notices.length) return null;
  const many = new Set(notices.map((n) => n.facilityRid)).size > 1;
  return (
    <Stack gap="xs" role="region" aria-label={m.banner()}>
      {notices.map((n) => (
        <Alert
          key={n.deviceQaSessionRid}
          color="orange"
          variant="filled"
          role="status"
          title={
            <Text component="span" fw={700} c="dark.9" fz={large ? 'clamp(1.2rem, 3vw, 2rem)' : undefined}>
              {m.banner()}
            </Text>
          }
        >
          <Group justify="space-between" align="center" gap="sm" wrap="wrap">
            <Text fz={large ? 'clamp(1rem, 2.5vw, 1.6rem)' : 'sm'} c="dark.9">
              {many ? `${n.facilityName} · ` : ''}
              {m.bannerDetail({
                who: n.startedByName ?? m.bannerSomeone(),
                until: timeOfDay(n.timezone, n.expiresAt),
              })}
            </Text>
            {onEnd && n.mayEnd ? (
              <Button
                color="dark"
                mih={44}
                loading={endingRid === n.deviceQaSessionRid}
                onClick={() => onEnd(n)}
              >
                {m.endTest()}
              </Button>
            ) : null}
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}

/** Reads the notices again when the first one's end time passes (besides the client hiding it by then). */
export function useRefetchAtExpiry(
  reply: TDeviceTestNoticesReply | undefined,
  receivedAt: number,
  refetch: () => void,
) {
  useEffect(() => {
    if (!reply?.deviceTests.length) return;
    const skew = reply.serverTime - receivedAt;
    const next = Math.min(...reply.deviceTests.map((n) => n.expiresAt));
    const timer = setTimeout(refetch, Math.max(0, next - skew - Date.now()) + 500);
    return () => clearTimeout(timer);
  }, [reply, receivedAt, refetch]);
}
