import { Button } from '@mantine/core';
import type { TDoorReply } from '@sage/contract';
import type { DrawerControls } from '../../shared/drawers';
import { useMessages } from '../../shared/i18n';
import { PickerDrawer } from '../pickers/picker-list';
import './device-admin-messages';
import { doorOptions, doorTexts, selectDoorEmptyText } from './door-rules';
import { useDoors } from './registry-api';

export interface SelectDoorDrawerProps {
  facilityId: string;
  /** Runs with the chosen door on Continue; the drawer closes once it has finished. */
  onContinue: (door: TDoorReply) => void | Promise<void>;
}

/**
 * Select door (sign-in doc section 2): "search by door name; empty states 'No doors found' or 'No doors';
 * doors that already have a device allocated are disabled".
 */
export function SelectDoorDrawer({
  drawer,
  facilityId,
  onContinue,
}: SelectDoorDrawerProps & { drawer: DrawerControls }) {
  const m = useMessages('doors');
  const texts = doorTexts(m);
  const doors = useDoors(facilityId);
  const list = doors.data ?? [];
  return (
    <PickerDrawer
      drawer={drawer}
      title={m.selectTitle()}
      options={doorOptions(list, texts)}
      search={{ label: m.search(), placeholder: m.searchPlaceholder() }}
      emptyText={selectDoorEmptyText(list.length, texts)}
      loading={doors.isPending}
      error={doors.error?.message ?? null}
      listLabel={m.doors()}
      onContinue={async ([doorRid]) => {
        const chosen = list.find((door) => door.rid === doorRid);
        if (!chosen) return;
        await onContinue(chosen);
        drawer.close();
      }}
      continueLabel={m.continue()}
      loadingLabel={m.loading()}
      backLabel={m.back()}
      extraActions={
        <Button size="lg" fullWidth variant="default" onClick={drawer.close}>
          {m.cancel()}
        </Button>
      }
    />
  );
}
