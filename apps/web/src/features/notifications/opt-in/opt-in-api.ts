import {
  PHONE_SUBSCRIPTIONS_PATH,
  type TPhoneSubscription,
  ZPhoneSubscriptionsReplySchema,
} from '@sage/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api';

/** GET /phoneNumberSubscriptions ?facilityRid: the caller's own number against the facility's two senders. */
export const optInApi = {
  mySubscriptions: (facilityRid: string): Promise<TPhoneSubscription[]> =>
    api.get('messageOrchestration', PHONE_SUBSCRIPTIONS_PATH, {
      query: { facilityRid },
      parse: ZPhoneSubscriptionsReplySchema.parse,
    }),
};

export const optInKeys = {
  mine: (facilityId: string) => ['phoneNumberSubscriptions', 'mine', facilityId] as const,
};

/**
 * The caller's subscriptions, "refreshed on window focus": after texting START from the messages app the
 * user comes back to the browser and sees the new status.
 */
export function useMyPhoneSubscriptions(facilityId: string | undefined) {
  return useQuery({
    queryKey: optInKeys.mine(facilityId ?? ''),
    queryFn: () => optInApi.mySubscriptions(facilityId ?? ''),
    enabled: Boolean(facilityId),
    refetchOnWindowFocus: 'always',
  });
}
