import type { NotificationPermissionState } from '@sage/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useDrawers } from '../../../shared/drawers';
import { reportError } from '../../../shared/report-error';
import { shiftApi, shiftKeys } from '../../shift/shift-api';
import { beforeSignOut } from '../../signin/session-actions';
import type { AllowNotificationsDrawerProps } from './allow-notifications-drawer';
import {
  ensurePushSubscription,
  existingBrowserSubscription,
  forgetPushSubscription,
  listenToServiceWorker,
  unsubscribeBrowser,
} from './push-client';
import {
  detectPushSupport,
  facilityAllowsPush,
  isPushRefusedByBrowser,
  isPushSupported,
  shouldOpenAllowNotificationsDrawer,
  shouldSubscribe,
} from './push-rules';

/** While the app is open it checks the recorded subscription again every hour (decision 0065). */
export const PUSH_RECHECK_INTERVAL_MS = 3_600_000;

const logFailure = (step: string) => (error: unknown) => {
  if (isPushRefusedByBrowser(error)) console.warn('[sage] push subscription refused by the browser', error);
  else reportError(error, { feature: 'push', step });
};

/**
 * Browser push for the signed-in staff member (sign-in doc section 4 'Notification permission'): when the
 * facility allows push and the browser supports it, asks for the permission with the Allow notifications
 * drawer (permission default, no subscription yet), and once granted subscribes and records the subscription.
 * Every failure is only logged (section 8).
 */
export function useWebPush(staffMemberId: string | null): void {
  const drawers = useDrawers();
  // The post-login landing asks for the permission itself, in its one sequence (decision 0186).
  const location = useLocation();
  const onLanding = isPostLoginLanding(location.pathname, location.search);
  // The drawer is likely (push supported, the permission not asked yet): its code is fetched while the facility is
  // read, so the drawer opens with the reply rather than a level of requests after it (decision 0950).
  if (staffMemberId !== null && !onLanding && allowNotificationsLikely())
    drawers.preload('allow-notifications');
  const facility = useQuery({
    queryKey: shiftKeys.enterpriseProfiles,
    queryFn: shiftApi.enterpriseProfiles,
    enabled: staffMemberId !== null,
    select: (profiles) => profiles[0]?.facilities[0] ?? null,
  });
  const allowsPush = facility.data ? facilityAllowsPush(facility.data.messageDeliveryMethods) : false;

  // Signing out themselves: the server forgets this phone's record first, while the token still works.
  useEffect(() => {
    if (!staffMemberId || !('serviceWorker' in navigator)) return;
    return beforeSignOut(() => forgetPushSubscription(staffMemberId));
  }, [staffMemberId]);

  // Signed out (also by the app): this browser's subscription ends, so the phone stops getting the person's
  // alerts (a record left on the server gets 404/410 from the push service and is dropped: decision 0065).
  const previous = useRef(staffMemberId);
  useEffect(() => {
    const wasSignedIn = previous.current !== null;
    previous.current = staffMemberId;
    if (wasSignedIn && staffMemberId === null && 'serviceWorker' in navigator) {
      unsubscribeBrowser().catch(logFailure('unsubscribe'));
    }
  }, [staffMemberId]);

  useEffect(() => {
    if (!staffMemberId || !allowsPush) return;
    const support = detectPushSupport(globalThis as Parameters<typeof detectPushSupport>[0]);
    const permission = () =>
      (support.notification ? Notification.permission : 'denied') as NotificationPermissionState;
    if (!support.serviceWorker) return;
    let cancelled = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    const stopListening = listenToServiceWorker();

    const subscribe = () => {
      if (
        cancelled ||
        !shouldSubscribe({ facilityAllowsPush: allowsPush, support, permission: permission() })
      )
        return;
      ensurePushSubscription(staffMemberId).catch(logFailure('subscribe'));
      timer ??= setInterval(subscribe, PUSH_RECHECK_INTERVAL_MS);
    };

    if (permission() === 'granted') {
      subscribe();
    } else if (!onLanding) {
      existingBrowserSubscription()
        .catch((error: unknown) => {
          logFailure('read subscription')(error);
          return null;
        })
        .then((subscription) => {
          if (cancelled) return;
          const open = shouldOpenAllowNotificationsDrawer({
            facilityAllowsPush: allowsPush,
            support,
            permission: permission(),
            hasSubscription: subscription !== null,
          });
          if (!open) return;
          const props: AllowNotificationsDrawerProps = {
            onPermission: (answer) => {
              if (answer === 'granted') subscribe();
            },
          };
          drawers.open('allow-notifications', props, { disableBackdropClose: true, priority: 10 });
        })
        .catch(logFailure('permission drawer'));
    }
    return () => {
      cancelled = true;
      if (timer) clearInterval(timer);
      stopListening();
    };
  }, [staffMemberId, allowsPush, drawers, onLanding]);
}

/** The browser supports push and the permission is not asked yet: the drawer opens if the facility allows push. */
function allowNotificationsLikely(): boolean {
  const support = detectPushSupport(globalThis as Parameters<typeof detectPushSupport>[0]);
  return isPushSupported(support) && Notification.permission === 'default';
}

/** '/profile/shift?fromLogin=true' (POST_LOGIN_ROUTE): Working In, then the device, then the notifications. */
export function isPostLoginLanding(pathname: string, search: string): boolean {
  return pathname === '/profile/shift' && new URLSearchParams(search).get('fromLogin') === 'true';
}

/**
 * Whether the Allow notifications drawer is due for this facility and browser (the rule of the drawer above),
 * for the post-login landing's sequence. A failure reads as 'no' (only logged).
 */
export async function allowNotificationsDue(
  messageDeliveryMethods: Parameters<typeof facilityAllowsPush>[0],
) {
  const allowsPush = facilityAllowsPush(messageDeliveryMethods);
  const support = detectPushSupport(globalThis as Parameters<typeof detectPushSupport>[0]);
  if (!allowsPush || !support.serviceWorker) return false;
  const permission = (
    support.notification ? Notification.permission : 'denied'
  ) as NotificationPermissionState;
  if (permission !== 'default') return false;
  const subscription = await existingBrowserSubscription().catch((error: unknown) => {
    logFailure('read subscription')(error);
    return null;
  });
  return shouldOpenAllowNotificationsDrawer({
    facilityAllowsPush: allowsPush,
    support,
    permission,
    hasSubscription: subscription !== null,
  });
}

/** After the landing's Allow notifications: subscribe and record when granted (failures only logged). */
export function subscribeIfGranted(staffMemberId: string, answer: NotificationPermission): void {
  if (answer === 'granted') ensurePushSubscription(staffMemberId).catch(logFailure('subscribe'));
}
