import { Button } from '@mantine/core';
import { ButtonLabels, SelectDoorMessages, type TDoorReply } from '@sage/contract';
import type { DrawerControls } from '../../shared/drawers';
import { PickerDrawer } from '../pickers/picker-list';
import { doorOptions, selectDoorEmptyText } from './door-rules';
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
  const doors = useDoors(facilityId);
  const list = doors.data ?? [];
  return (
    <PickerDrawer
      drawer={drawer}
      title={SelectDoorMessages.title}
      options={doorOptions(list)}
      search={{ label: SelectDoorMessages.search, placeholder: SelectDoorMessages.placeholder }}
      emptyText={selectDoorEmptyText(list.length)}
      loading={doors.isPending}
      error={doors.error?.message ?? null}
      listLabel="Doors"
      onContinue={async ([doorRid]) => {
        const chosen = list.find((door) => door.rid === doorRid);
        if (!chosen) return;
        await onContinue(chosen);
        drawer.close();
      }}
      extraActions={
        <Button size="lg" fullWidth variant="default" onClick={drawer.close}>
          {ButtonLabels.cancel}
        </Button>
      }
    />
  );
}
