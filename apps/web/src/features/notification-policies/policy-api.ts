import {
  NOTIFICATION_POLICY_PATHS,
  type TNotificationBlockInput,
  type TNotificationPolicyReply,
  ZNotificationPolicyReplySchema,
} from '@sage/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../shared/api';

/** Admin API calls of the notification policy editor (sign-in doc section 7 'Notification policies'). */
export const policyApi = {
  list: (facilityRid: string): Promise<TNotificationPolicyReply[]> =>
    api.get('admin', NOTIFICATION_POLICY_PATHS.policies, {
      query: { facilityRid },
      parse: z.array(ZNotificationPolicyReplySchema).parse,
    }),
  /** A community's first ALERT policy. */
  create: (
    facilityRid: string,
    body: { notificationBlocks: TNotificationBlockInput[] },
  ): Promise<TNotificationPolicyReply> =>
    api.post(
      'admin',
      NOTIFICATION_POLICY_PATHS.policies,
      { facilityRid, type: 'ALERT', ...body },
      { parse: ZNotificationPolicyReplySchema.parse },
    ),
  /** PATCH made on `version`: 409 (code STALE_VERSION) when someone changed the policy since. */
  patch: (
    facilityRid: string,
    rid: string,
    version: number,
    body: { notificationBlocks: TNotificationBlockInput[] },
  ): Promise<TNotificationPolicyReply> =>
    api.patch('admin', NOTIFICATION_POLICY_PATHS.policy(rid), body, {
      query: { facilityRid, notificationPolicyVersion: version },
      parse: ZNotificationPolicyReplySchema.parse,
    }),
};

export const policyKeys = {
  list: (facilityId: string) => ['notificationPolicies', facilityId] as const,
};

/** The facility's ALERT policy in effect: the list puts it first (docs/decisions/0067). */
export function useAlertPolicy(facilityId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: policyKeys.list(facilityId ?? ''),
    queryFn: () => policyApi.list(facilityId ?? ''),
    enabled: Boolean(facilityId) && enabled,
    // A form being edited must not be swapped under the manager's fingers by a background refetch.
    refetchOnWindowFocus: false,
    select: (policies) => policies.find((p) => p.type === 'ALERT') ?? null,
  });
}
