import { STATION_DISPLAY_DEVICE_TESTS_PATH, type TDeviceTestNoticesReply } from '@sage/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { DeviceTestBanner, NOTICES_REFRESH_MS, useRefetchAtExpiry } from './device-test-banner';

/** The station display's query key for its banner (its live `deviceQa.changed` refetches it). */
export const STATION_DEVICE_TESTS_KEY = ['station', 'deviceTests'] as const;

async function fetchStationDeviceTests(accessToken: string): Promise<TDeviceTestNoticesReply> {
  const res = await fetch(STATION_DISPLAY_DEVICE_TESTS_PATH, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  if (!res.ok) throw new Error(`Reading the device tests failed (${res.status})`);
  return (await res.json()) as TDeviceTestNoticesReply;
}

/** A station display's banner (decision 0505): its community's walk in progress, large; it ends nothing. */
export function StationDeviceTestBanner({ accessToken }: { accessToken: string }) {
  const queryClient = useQueryClient();
  const notices = useQuery({
    queryKey: STATION_DEVICE_TESTS_KEY,
    queryFn: () => fetchStationDeviceTests(accessToken),
    refetchInterval: NOTICES_REFRESH_MS,
    refetchIntervalInBackground: true,
  });
  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: STATION_DEVICE_TESTS_KEY }),
    [queryClient],
  );
  useRefetchAtExpiry(notices.data, notices.dataUpdatedAt, refetch);
  return <DeviceTestBanner reply={notices.data} receivedAt={notices.dataUpdatedAt} large />;
}
