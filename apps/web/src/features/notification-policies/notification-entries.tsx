import { Stack } from '@mantine/core';
import type { TStaffMember } from '@sage/contract';
import { OptInEntry } from '../notifications/opt-in/opt-in-entry';
import { useCurrentFacility } from '../shift/shift-api';
import { NotificationSettingsEntry } from './notification-settings-entry';

/**
 * The notification entries of a page (the app has no menu): 'Text message alerts' for everyone,
 * 'Notification Settings' for management of the current facility (docs/decisions/0068).
 */
export function NotificationEntries({ profile }: { profile: TStaffMember | undefined }) {
  const facility = useCurrentFacility();
  const facilityId = facility.data?.id;
  const isManagement =
    profile?.groupMemberships.some((m) => m.facilityId === facilityId && m.groupType === 'Management') ??
    false;
  return (
    <Stack gap="sm">
      <OptInEntry />
      <NotificationSettingsEntry isManagement={isManagement} />
    </Stack>
  );
}
