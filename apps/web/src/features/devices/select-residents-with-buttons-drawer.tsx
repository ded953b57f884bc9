import { Button, Group, Text } from '@mantine/core';
import {
  ButtonLabels,
  DeviceAllocationMessages,
  EmptyStateMessages,
  type TResidentReply,
} from '@sage/contract';
import { countPendantsByResident, residentButtonsLabel, residentFullName } from '@sage/domain';
import type { DrawerControls } from '../../shared/drawers';
import { PickerDrawer } from '../pickers/picker-list';
import { useResidents } from '../residents/residents-api';
import { ResidentLabel } from '../residents/search-resident-drawer';
import { useFacilityPendants } from './devices-api';

export interface SelectResidentsWithButtonsDrawerProps {
  facilityId: string;
  /** Runs with the chosen resident once Continue is pressed (the drawer has closed). */
  onContinue: (resident: TResidentReply) => void;
}

/**
 * Residents-with-buttons picker: the facility's residents, each with their count of buttons ('1 button',
 * '2 buttons', 'No buttons'). "Need a selection before Continue is enabled; search is a case-insensitive
 * substring match on the name."
 */
export function SelectResidentsWithButtonsDrawer({
  drawer,
  facilityId,
  onContinue,
}: SelectResidentsWithButtonsDrawerProps & { drawer: DrawerControls }) {
  const residents = useResidents();
  const pendants = useFacilityPendants(facilityId);
  const counts = countPendantsByResident(pendants.data ?? []);
  const here = (residents.data ?? []).filter((r) => r.facilityId === facilityId);
  return (
    <PickerDrawer
      drawer={drawer}
      title={DeviceAllocationMessages.selectResidentTitle}
      options={here.map((resident) => ({
        value: resident.id,
        name: residentFullName(resident),
        label: (
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <ResidentLabel resident={resident} />
            <Text span size="sm" c="dimmed">
              {residentButtonsLabel(counts.get(resident.id) ?? 0)}
            </Text>
          </Group>
        ),
      }))}
      search={{ label: DeviceAllocationMessages.searchResidents, placeholder: 'Resident name' }}
      emptyText={EmptyStateMessages.noResidentsFound}
      loading={residents.isPending || pendants.isPending}
      error={residents.error?.message ?? pendants.error?.message ?? null}
      listLabel="Residents"
      onContinue={([residentId]) => {
        const chosen = here.find((r) => r.id === residentId);
        if (!chosen) return;
        drawer.close();
        onContinue(chosen);
      }}
      extraActions={
        <Button size="lg" fullWidth variant="default" onClick={drawer.close}>
          {ButtonLabels.cancel}
        </Button>
      }
    />
  );
}
