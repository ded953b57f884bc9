import { DEVICE_AUDIT_PATHS, type TDeviceTestNoticesReply } from '@sage/contract';
import { useQuery } from '@tanstack/react-query';
import { api, lazyParse } from '../../shared/api';
import { DEVICE_TESTS_QUERY_KEY } from './device-test-keys';

/** How often the banner's walks are read again without a live frame (a missed frame heals within this). */
export const NOTICES_REFRESH_MS = 60_000;

const checks = () => import('./device-qa-checks');

/** The walks in progress in the signed-in person's communities (decision 0505). */
export const fetchDeviceTests = (): Promise<TDeviceTestNoticesReply> =>
  api.get('deviceAudit', DEVICE_AUDIT_PATHS.currentDeviceTests, {
    parse: lazyParse(checks, (s) => s.ZDeviceTestNoticesReplySchema),
  });

/**
 * The walks in progress, read at start, on every live `deviceQa.changed` and at NOTICES_REFRESH_MS: the dashboard
 * reads them with its first load, and the banner (its own chunk) loads only when there is a walk to show.
 */
export function useDeviceTests() {
  return useQuery({
    queryKey: DEVICE_TESTS_QUERY_KEY,
    queryFn: fetchDeviceTests,
    refetchInterval: NOTICES_REFRESH_MS,
  });
}
