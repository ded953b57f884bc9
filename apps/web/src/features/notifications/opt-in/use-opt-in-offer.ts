import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { reportError } from '../../../shared/report-error';
import { sessionStore } from '../../../shared/session';
import { shiftApi, shiftKeys } from '../../shift/shift-api';
import { optInApi, optInKeys } from './opt-in-api';
import { senderRows, shouldOfferOptIn } from './opt-in-rules';

/** Remembers in this tab that the drawer was offered to this staff member (once per sign-in). */
const OFFERED_KEY = 'sage.optInOffered';

function alreadyOffered(staffMemberId: string): boolean {
  try {
    return sessionStorage.getItem(OFFERED_KEY) === staffMemberId;
  } catch {
    return false;
  }
}

function markOffered(staffMemberId: string): void {
  try {
    sessionStorage.setItem(OFFERED_KEY, staffMemberId);
  } catch {
    // Storage blocked: the drawer may be offered again on the next sign-in flow, which is harmless.
  }
}

/**
 * The last step of the post-login landing (/profile/shift?fromLogin=true), before the dashboard: whether the
 * Notifications opt-in drawer is due (the caller's phone is not subscribed to both sender numbers), at most
 * once per sign-in (docs/decisions/0066, 0186). Resolves true when it is (and marks it offered); a failure to
 * check is only logged and resolves false.
 */
export function useOptInOffer(): () => Promise<boolean> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const staffMemberId = sessionStore.get()?.staffMemberId;
    if (!staffMemberId || alreadyOffered(staffMemberId)) return false;
    try {
      const profiles = await queryClient.fetchQuery({
        queryKey: shiftKeys.enterpriseProfiles,
        queryFn: shiftApi.enterpriseProfiles,
      });
      const facility = profiles[0]?.facilities[0];
      if (!facility) return false;
      const subscriptions = await queryClient.fetchQuery({
        queryKey: optInKeys.mine(facility.id),
        queryFn: () => optInApi.mySubscriptions(facility.id),
      });
      if (!shouldOfferOptIn(senderRows(facility, subscriptions))) return false;
    } catch (error) {
      reportError(error, { where: 'opt-in offer' });
      return false;
    }
    markOffered(staffMemberId);
    return true;
  }, [queryClient]);
}
