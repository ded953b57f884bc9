import { type DrawerControls, DrawerLayout } from '../../shared/drawers';
import { useMessages } from '../../shared/i18n';
import { UnitCheckInCard } from './unit-check-in-card';
import './check-ins-messages';

export interface UnitCheckInDrawerProps {
  unit: { id: string; displayName: string };
  facilityId: string;
}

/**
 * Unit check-in (drawer 11, type 'unit-check-in'): the unit check-in card in a drawer, with Check-in Unit (and
 * its reasons), Remove Unit Check-in, Cancel and Go Back. Opened from the daily check-in list.
 */
export function UnitCheckInDrawer({
  drawer,
  unit,
  facilityId,
}: UnitCheckInDrawerProps & { drawer: DrawerControls }) {
  const m = useMessages('checkIns');
  return (
    <DrawerLayout drawer={drawer} title={m.title()} backLabel={m.back()}>
      <UnitCheckInCard unit={unit} facilityId={facilityId} onCancel={drawer.close} />
    </DrawerLayout>
  );
}
