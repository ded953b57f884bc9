import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDrawers } from '../../../shared/drawers';
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
 * After the device choice of the post-login landing (/profile/shift?fromLogin=true), once the app is on the
 * dashboard: opens the Notifications opt-in drawer over it when the caller's phone is not subscribed to both
 * sender numbers, at most once per sign-in (docs/decisions/0066). A failure to check is only logged.
 */
export function useOptInOffer(): () => Promise<void> {
  const drawers = useDrawers();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const staffMemberId = sessionStore.get()?.staffMemberId;
    if (!staffMemberId || alreadyOffered(staffMemberId)) return;
    try {
      const profiles = await queryClient.fetchQuery({
        queryKey: shiftKeys.enterpriseProfiles,
        queryFn: shiftApi.enterpriseProfiles,
      });
      const facility = profiles[0]?.facilities[0];
      if (!facility) return;
      const subscriptions = await queryClient.fetchQuery({
        queryKey: optInKeys.mine(facility.id),
        queryFn: () => optInApi.mySubscriptions(facility.id),
      });
      if (!shouldOfferOptIn(senderRows(facility, subscriptions))) return;
    } catch (error) {
      reportError(error, { where: 'opt-in offer' });
      return;
    }
    markOffered(staffMemberId);
    drawers.open('phone-subscription', {});
  }, [drawers, queryClient]);
}
