import { Button, Group, Text } from '@mantine/core';
import type { TResidentReply } from '@sage/contract';
import { countPendantsByResident, residentFullName } from '@sage/domain';
import type { DrawerControls } from '../../shared/drawers';
import { useMessages } from '../../shared/i18n';
import { PickerDrawer } from '../pickers/picker-list';
import { useResidents } from '../residents/residents-api';
import { ResidentLabel } from '../residents/search-resident-drawer';
import './device-admin-messages';
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
  const m = useMessages('deviceAllocation');
  const residents = useResidents();
  const pendants = useFacilityPendants(facilityId);
  const counts = countPendantsByResident(pendants.data ?? []);
  const here = (residents.data ?? []).filter((r) => r.facilityId === facilityId);
  return (
    <PickerDrawer
      drawer={drawer}
      title={m.selectResidentTitle()}
      options={here.map((resident) => ({
        value: resident.id,
        name: residentFullName(resident),
        label: (
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <ResidentLabel resident={resident} />
            <Text span size="sm" c="dimmed">
              {m.buttons({ count: Math.max(0, counts.get(resident.id) ?? 0) })}
            </Text>
          </Group>
        ),
      }))}
      search={{ label: m.searchResidents(), placeholder: m.residentName() }}
      emptyText={m.noResidentsFound()}
      loading={residents.isPending || pendants.isPending}
      error={residents.error?.message ?? pendants.error?.message ?? null}
      listLabel={m.residents()}
      onContinue={([residentId]) => {
        const chosen = here.find((r) => r.id === residentId);
        if (!chosen) return;
        drawer.close();
        onContinue(chosen);
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
