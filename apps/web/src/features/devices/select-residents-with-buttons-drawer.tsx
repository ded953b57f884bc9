import { Button, Group, Loader, Radio, Stack, Text, TextInput } from '@mantine/core';
import {
  ButtonLabels,
  DeviceAllocationMessages,
  EmptyStateMessages,
  type TResidentReply,
} from '@sage/contract';
import {
  countPendantsByResident,
  residentButtonsLabel,
  residentFullName,
  residentMatchesSearch,
} from '@sage/domain';
import { useState } from 'react';
import { type DrawerControls, DrawerLayout } from '../../shared/drawers';
import { useResidents } from '../residents/residents-api';
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
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const counts = countPendantsByResident(pendants.data ?? []);
  const here = (residents.data ?? []).filter((r) => r.facilityId === facilityId);
  const matches = here.filter((r) => residentMatchesSearch(r, search));
  const chosen = here.find((r) => r.id === selected) ?? null;
  return (
    <DrawerLayout
      drawer={drawer}
      title={DeviceAllocationMessages.selectResidentTitle}
      actions={
        <>
          <Button
            size="lg"
            fullWidth
            disabled={!chosen}
            onClick={() => {
              if (!chosen) return;
              drawer.close();
              onContinue(chosen);
            }}
          >
            {ButtonLabels.continue}
          </Button>
          <Button size="lg" fullWidth variant="default" onClick={drawer.close}>
            {ButtonLabels.cancel}
          </Button>
        </>
      }
    >
      <Stack gap="sm">
        <TextInput
          size="lg"
          label={DeviceAllocationMessages.searchResidents}
          placeholder="Resident name"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-autofocus
        />
        {residents.isPending || pendants.isPending ? (
          <Loader aria-label="Loading" />
        ) : matches.length === 0 ? (
          <Text c="dimmed">{EmptyStateMessages.noResidentsFound}</Text>
        ) : (
          <Radio.Group value={selected} onChange={setSelected} aria-label="Residents">
            <Stack gap={0} mah="45dvh" style={{ overflowY: 'auto' }}>
              {matches.map((resident) => (
                <Radio
                  key={resident.id}
                  value={resident.id}
                  size="md"
                  label={
                    <Group gap="xs" wrap="nowrap" justify="space-between">
                      <span>
                        {residentFullName(resident)}
                        {resident.unit ? (
                          <Text span c="dimmed" size="sm">
                            {' '}
                            · {resident.unit.displayName}
                          </Text>
                        ) : null}
                      </span>
                      <Text span size="sm" c="dimmed">
                        {residentButtonsLabel(counts.get(resident.id) ?? 0)}
                      </Text>
                    </Group>
                  }
                  styles={{ body: { minHeight: 56, alignItems: 'center' }, labelWrapper: { flex: 1 } }}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
      </Stack>
    </DrawerLayout>
  );
}
