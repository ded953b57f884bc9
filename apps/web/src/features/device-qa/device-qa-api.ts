import {
  DEVICE_AUDIT_PATHS,
  type TArmDeviceQaTestRequest,
  type TCreateDeviceQaSessionRequest,
  type TDeviceQaSessionReply,
  type TDeviceTestNoticesReply,
  type TUpdateDeviceQaSessionRequest,
} from '@sage/contract';
import { mayAuditDevices } from '@sage/domain';
import { api, lazyParse } from '../../shared/api';
import { useSession } from '../../shared/session';
import { useProfile } from '../shift/shift-api';
import { DEVICE_TESTS_QUERY_KEY } from './device-test-keys';
import { fetchDeviceTests } from './device-tests-query';

// The reply checks load with the first call, not with the page (docs/decisions/0446); zod only for a reply they
// refuse (docs/decisions/0471).
const checks = () => import('./device-qa-checks');

/** The QA walk screen's calls to the device audit service (docs/decisions/0270, 0273). */
export const deviceQaApi = {
  list: (facilityId: string): Promise<TDeviceQaSessionReply[]> =>
    api.get('deviceAudit', DEVICE_AUDIT_PATHS.facilityDeviceQaSessions(facilityId), {
      parse: lazyParse(checks, (s) => s.ZDeviceQaSessionListReplySchema),
    }),
  start: (body: TCreateDeviceQaSessionRequest): Promise<TDeviceQaSessionReply> =>
    api.post('deviceAudit', DEVICE_AUDIT_PATHS.deviceQaSessions, body, {
      parse: lazyParse(checks, (s) => s.ZDeviceQaSessionReplySchema),
    }),
  update: (rid: string, body: TUpdateDeviceQaSessionRequest): Promise<TDeviceQaSessionReply> =>
    api.put('deviceAudit', DEVICE_AUDIT_PATHS.deviceQaSession(rid), body, {
      parse: lazyParse(checks, (s) => s.ZDeviceQaSessionReplySchema),
    }),
  /** Puts one device on test (decision 0505). */
  test: (rid: string, body: TArmDeviceQaTestRequest): Promise<TDeviceQaSessionReply> =>
    api.post('deviceAudit', DEVICE_AUDIT_PATHS.deviceQaSessionTests(rid), body, {
      parse: lazyParse(checks, (s) => s.ZDeviceQaSessionReplySchema),
    }),
  /** The walks in progress in my communities (the caregivers' banner). */
  current: fetchDeviceTests,
  /** Ends a walk from the banner (a manager or a nurse). */
  endFromBanner: (rid: string): Promise<TDeviceTestNoticesReply> =>
    api.post('deviceAudit', DEVICE_AUDIT_PATHS.deviceQaSessionEnd(rid), undefined, {
      parse: lazyParse(checks, (s) => s.ZDeviceTestNoticesReplySchema),
    }),
};

export const deviceQaKeys = {
  list: (facilityId: string) => ['deviceQaSessions', facilityId] as const,
  /** The walks in progress for the banner: the live channel's `deviceQa.changed` refetches it. */
  current: DEVICE_TESTS_QUERY_KEY,
};

/**
 * Whether the signed-in person may run device QA walks at the facility (management, maintenance, provider
 * support: decision 0270); null while the profile loads. The server checks the same rule.
 */
export function useCanAuditDevices(facilityId: string | undefined): boolean | null {
  const session = useSession();
  const profile = useProfile(session?.staffMemberId ?? '');
  if (!profile.data || !facilityId) return null;
  return mayAuditDevices(
    profile.data.groupMemberships
      .filter((m) => m.facilityId === facilityId)
      .map((m) => ({ group: m.groupType })),
  );
}
