import { Alert, Box, Button, Checkbox, Divider, Loader, Stack, Text } from '@mantine/core';
import {
  ButtonLabels,
  CareZoneMessages,
  DRAWER_EXIT_MS,
  DrawerTitles,
  type TCareZone,
  type TStaffMember,
} from '@sage/contract';
import { careZonePreferenceAction, groupCareZones, toggleCareZone } from '@sage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_ROUTE } from '../../shared/constants';
import { useDrawers } from '../../shared/drawers';
import { PageHeader } from '../../shared/page-header/page-header';
import { reportError } from '../../shared/report-error';
import { useSession } from '../../shared/session';
import { toast } from '../../shared/toast';
import { NotificationSettingsEntry } from '../notification-policies/notification-settings-entry';
import { OptInEntry } from '../notifications/opt-in/opt-in-entry';
import { useOptInOffer } from '../notifications/opt-in/use-opt-in-offer';
import { allowNotificationsDue, subscribeIfGranted } from '../notifications/push/use-web-push';
import { shiftApi, useCareZones, useCurrentFacility, useFacilityStaff, useProfile } from './shift-api';

/** Names of the people on shift in each zone of the facility. */
function onShiftByZone(staff: TStaffMember[], facilityId: string): Map<string, string[]> {
  const byZone = new Map<string, string[]>();
  for (const member of staff) {
    const onShift = member.onCallStates.some((s) => s.facilityId === facilityId && s.isOnCall);
    if (!onShift) continue;
    for (const config of member.staffMemberFacilityConfigs.filter((c) => c.facilityId === facilityId)) {
      for (const zone of config.careZones) {
        byZone.set(zone.id, [...(byZone.get(zone.id) ?? []), `${member.firstName} ${member.lastName}`]);
      }
    }
  }
  return byZone;
}

/**
 * /profile/shift (post-login landing with ?fromLogin=true): 'Working In' care-zone selection, then the
 * 'What device is this?' drawer, then the dashboard (sign-in doc sections 2, 4, 5, 8).
 */
export function ShiftPage() {
  const session = useSession();
  const staffMemberId = session?.staffMemberId ?? '';
  const navigate = useNavigate();
  const drawers = useDrawers();
  const queryClient = useQueryClient();
  const profile = useProfile(staffMemberId);
  const facility = useCurrentFacility();
  const facilityId = facility.data?.id;
  const zones = useCareZones(facilityId);
  const staff = useFacilityStaff(facilityId);
  const [picked, setPicked] = useState<string[] | null>(null);
  // Post-login landing: the notification drawers follow the device choice (docs/decisions/0066, 0186).
  const [searchParams] = useSearchParams();
  const fromLogin = searchParams.get('fromLogin') === 'true';
  const offerOptIn = useOptInOffer();

  const config = profile.data?.staffMemberFacilityConfigs.find((c) => c.facilityId === facilityId) ?? null;
  const saved = useMemo(() => config?.careZones.map((z) => z.id) ?? [], [config]);
  const selected = picked ?? saved;
  const groups = useMemo(() => groupCareZones(zones.data ?? []), [zones.data]);
  const onShift = useMemo(() => onShiftByZone(staff.data ?? [], facilityId ?? ''), [staff.data, facilityId]);
  const isManagement =
    profile.data?.groupMemberships.some((m) => m.facilityId === facilityId && m.groupType === 'Management') ??
    false;

  /**
   * The rest of the post-login landing, one drawer after another and all before the dashboard (decision
   * 0186): Allow notifications when due, then Text Message Alerts when due, then the dashboard.
   */
  const finishLanding = async () => {
    // Once the last drawer has left (its exit animation), so nothing slides over the dashboard.
    const toDashboard = () => {
      setTimeout(() => navigate(DEFAULT_ROUTE, { replace: true }), 2 * DRAWER_EXIT_MS);
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

  const confirm = useMutation({
    mutationFn: async () => {
      if (!facilityId) return;
      const body = { careZoneIds: selected, facilityId, staffMemberId };
      const action = careZonePreferenceAction(config ? { careZoneIds: saved } : null, selected);
      if (action === 'create') await shiftApi.createFacilityConfig(body);
      if (action === 'update' && config) await shiftApi.updateFacilityConfig(config.id, body);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['staff'] });
      if (!facilityId) return;
      drawers.open('select-device', {
        facilityId,
        staffMemberId,
        isManagement,
        onSelected: () => {
          if (fromLogin) void finishLanding();
          else navigate(DEFAULT_ROUTE, { replace: true });
        },
      });
    },
    onError: (error) => {
      reportError(error, { where: 'care zone preference' });
      toast.error(CareZoneMessages.updateFailed);
    },
  });

  const loading = profile.isPending || facility.isPending || (Boolean(facilityId) && zones.isPending);
  const failed = profile.isError || facility.isError || zones.isError;

  const zoneOption = (zone: TCareZone) => {
    const names = onShift.get(zone.id) ?? [];
    return (
      <Checkbox
        key={zone.id}
        value={zone.id}
        label={zone.name}
        description={names.length ? `On shift: ${names.join(', ')}` : 'No one on shift'}
        checked={selected.includes(zone.id)}
        onChange={() => setPicked(toggleCareZone(zones.data ?? [], selected, zone.id))}
      />
    );
  };

  return (
    <>
      <PageHeader title={DrawerTitles.selectCareZone} hideBack />
      <Box component="main" p="md">
        {loading ? (
          <Loader aria-label="Loading care zones" />
        ) : failed ? (
          <Alert color="red" variant="light" role="alert">
            <Stack gap="sm">
              <Text>{CareZoneMessages.updateFailed}</Text>
              <Button
                onClick={() => {
                  void profile.refetch();
                  void facility.refetch();
                  void zones.refetch();
                }}
              >
                {ButtonLabels.retry}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Stack gap="lg">
            <Stack gap="md" role="group" aria-label={DrawerTitles.selectCareZone}>
              {groups.map((group, index) => (
                <Stack key={group[0]?.id ?? index} gap="md">
                  {index > 0 ? <Divider label={CareZoneMessages.separator} labelPosition="center" /> : null}
                  {group.map(zoneOption)}
                </Stack>
              ))}
            </Stack>
            <Stack gap="sm">
              <Button
                fullWidth
                disabled={selected.length === 0 || confirm.isPending}
                loading={confirm.isPending}
                onClick={() => confirm.mutate()}
              >
                {ButtonLabels.confirmSelection}
              </Button>
              <Button fullWidth variant="default" onClick={() => navigate(DEFAULT_ROUTE, { replace: true })}>
                {ButtonLabels.cancel}
              </Button>
            </Stack>
            <Divider />
            <Stack gap="sm">
              <OptInEntry />
              <NotificationSettingsEntry isManagement={isManagement} />
            </Stack>
          </Stack>
        )}
      </Box>
    </>
  );
}
