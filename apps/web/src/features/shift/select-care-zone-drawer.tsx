import { type DrawerControls, DrawerLayout } from '../../shared/drawers';
import { useMessages } from '../../shared/i18n';
import { CareZoneChoice } from './care-zone-choice';
import './shift-messages';

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
  const m = useMessages('shift');
  return (
    <DrawerLayout drawer={drawer} title={m.title()}>
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
