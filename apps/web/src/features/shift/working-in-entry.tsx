import { Button, Text } from '@mantine/core';
import { useDrawers } from '../../shared/drawers';
import { useMessages } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import { useCurrentFacility, useProfile } from './shift-api';

/**
 * The dashboard's 'Working In' button: the zones the staff member works in now; it opens the drawer
 * (select-care-zone-drawer.tsx, whose code loads with the drawer: decision 0384).
 */
export function WorkingInEntry() {
  const session = useSession();
  const profile = useProfile(session?.staffMemberId ?? '');
  const facility = useCurrentFacility();
  const drawers = useDrawers();
  // The dashboard's namespace: loaded with the page (decision 0555).
  const m = useMessages('dashboard');
  const facilityId = facility.data?.id;
  const zones =
    profile.data?.staffMemberFacilityConfigs.find((c) => c.facilityId === facilityId)?.careZones ?? [];
  if (!profile.data || !facilityId) return null;
  return (
    <Button
      variant="light"
      size="lg"
      h="auto"
      mih={48}
      py={6}
      onClick={() => drawers.open('select-care-zone', {})}
      styles={{ label: { whiteSpace: 'normal', flexDirection: 'column', alignItems: 'center' } }}
    >
      {m.workingIn()}
      <Text span size="sm" data-testid="working-in-zones">
        {zones.length ? zones.map((z) => z.name).join(', ') : m.noCareZone()}
      </Text>
    </Button>
  );
}
