import { Button, Text } from '@mantine/core';
import { DrawerTitles } from '@sage/contract';
import { type DrawerControls, DrawerLayout, useDrawers } from '../../shared/drawers';
import { useSession } from '../../shared/session';
import { CareZoneChoice } from './care-zone-choice';
import { useCurrentFacility, useProfile } from './shift-api';

export interface SelectCareZoneDrawerProps {
  /** Runs once the zones are saved (the drawer has closed). */
  onConfirmed?: () => void;
}

/**
 * Select care zone ('Working In', sign-in doc section 2): the care-zone checklist of the shift page in a drawer,
 * with Confirm Selection and Cancel. Opened from the dashboard's 'Working In' button (docs/decisions/0332).
 */
export function SelectCareZoneDrawer({
  drawer,
  onConfirmed,
}: SelectCareZoneDrawerProps & { drawer: DrawerControls }) {
  return (
    <DrawerLayout drawer={drawer} title={DrawerTitles.selectCareZone}>
      <CareZoneChoice
        onConfirmed={() => {
          drawer.close();
          onConfirmed?.();
        }}
        onCancel={drawer.close}
      />
    </DrawerLayout>
  );
}

/** The dashboard's 'Working In' button: the zones the staff member works in now; it opens the drawer. */
export function WorkingInEntry() {
  const session = useSession();
  const profile = useProfile(session?.staffMemberId ?? '');
  const facility = useCurrentFacility();
  const drawers = useDrawers();
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
      {DrawerTitles.selectCareZone}
      <Text span size="sm" data-testid="working-in-zones">
        {zones.length ? zones.map((z) => z.name).join(', ') : 'No care zone'}
      </Text>
    </Button>
  );
}
