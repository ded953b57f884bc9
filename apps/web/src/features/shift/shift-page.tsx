import { Box, Divider, Stack } from '@mantine/core';
import { DRAWER_EXIT_MS } from '@sage/contract';
import { Suspense } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_ROUTE, LANDED_STATE } from '../../shared/constants';
import { useDrawers } from '../../shared/drawers';
import { currentLanguage, loadMessages, useMessages } from '../../shared/i18n';
import { PageHeader } from '../../shared/page-header/page-header';
import { useSession } from '../../shared/session';
import { LanguageSetting } from '../language/language-setting';
import { ProfileLanguage } from '../language/profile-language';
import { NotificationSettingsEntry } from '../notification-policies/notification-settings-entry';
import { OptInEntry } from '../notifications/opt-in/opt-in-entry';
import { useOptInOffer } from '../notifications/opt-in/use-opt-in-offer';
import { allowNotificationsDue, subscribeIfGranted } from '../notifications/push/use-web-push';
import { useTourOffer } from '../training/tour-offer';
import { CareZoneChoice } from './care-zone-choice';
import { useCurrentFacility, useProfile } from './shift-api';
import './shift-messages';

/**
 * /profile/shift (post-login landing with ?fromLogin=true): 'Working In' care-zone selection, then the
 * 'What device is this?' drawer, then the dashboard (sign-in doc sections 2, 4, 5, 8).
 */
export function ShiftPage() {
  const session = useSession();
  const staffMemberId = session?.staffMemberId ?? '';
  const navigate = useNavigate();
  const drawers = useDrawers();
  // Its Text message alerts entry's message loads with the page's own (decision 0700).
  void loadMessages(currentLanguage(), 'entries');
  const m = useMessages('shift');
  const profile = useProfile(staffMemberId);
  const facility = useCurrentFacility();
  const facilityId = facility.data?.id;
  // Post-login landing: the notification drawers follow the device choice (docs/decisions/0066, 0186).
  const [searchParams] = useSearchParams();
  const fromLogin = searchParams.get('fromLogin') === 'true';
  const offerOptIn = useOptInOffer();
  const offerTour = useTourOffer();
  const isManagement =
    profile.data?.groupMemberships.some((m) => m.facilityId === facilityId && m.groupType === 'Management') ??
    false;

  /**
   * The rest of the post-login landing, one drawer after another and all before the dashboard (decision
   * 0186): Allow notifications when due, then Text Message Alerts when due, then the guided tour on a first
   * sign-in (decision 0363), then the dashboard (or the tour's training alert). Also after Cancel on Working In
   * (decision 0601): the dashboard, reached with LANDED_STATE, then opens no sheet of its own on arrival.
   */
  const finishLanding = async () => {
    // Once the last drawer has left (its exit animation), so nothing slides over the dashboard.
    const toDashboard = () => {
      setTimeout(() => {
        void offerTour().then((started) => {
          if (!started) navigate(DEFAULT_ROUTE, { replace: true, state: LANDED_STATE });
        });
      }, 2 * DRAWER_EXIT_MS);
    };
    const offerTextAlerts = async () => {
      if (!(await offerOptIn())) return toDashboard();
      drawers.open('phone-subscription', { onDone: toDashboard }, { disableBackdropClose: true });
    };
    const methods = facility.data?.messageDeliveryMethods;
    if (methods && (await allowNotificationsDue(methods))) {
      drawers.open(
        'allow-notifications',
        {
          onPermission: (answer: NotificationPermission) => {
            subscribeIfGranted(staffMemberId, answer);
            void offerTextAlerts();
          },
        },
        { disableBackdropClose: true },
      );
    } else {
      await offerTextAlerts();
    }
  };

  return (
    <>
      <ProfileLanguage staffMemberId={staffMemberId} />
      <PageHeader title={m.title()} hideBack />
      <Box component="main" p="md">
        <CareZoneChoice
          onConfirmed={(result) =>
            drawers.open('select-device', {
              ...result,
              onSelected: () => {
                if (fromLogin) void finishLanding();
                else navigate(DEFAULT_ROUTE, { replace: true });
              },
            })
          }
          onCancel={() => (fromLogin ? void finishLanding() : navigate(DEFAULT_ROUTE, { replace: true }))}
          footer={
            <>
              <Divider />
              <Stack gap="sm">
                <OptInEntry />
                <NotificationSettingsEntry isManagement={isManagement} />
                {/* Its messages load with the language; the rest of the page does not wait for them. */}
                <Suspense fallback={null}>
                  <LanguageSetting staffMemberId={staffMemberId} />
                </Suspense>
              </Stack>
            </>
          }
        />
      </Box>
    </>
  );
}
