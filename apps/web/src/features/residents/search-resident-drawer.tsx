import { Button, Loader, Radio, Stack, Text, TextInput } from '@mantine/core';
import { ButtonLabels, DrawerTitles, EmptyStateMessages, type TResidentReply } from '@sage/contract';
import { residentFullName, residentMatchesSearch } from '@sage/domain';
import { useState } from 'react';
import { type DrawerControls, DrawerLayout, useDrawers } from '../../shared/drawers';
import { useResidents } from './residents-api';

export interface SearchResidentDrawerProps {
  /** 'details' opens the resident's details; 'logCare' too, where Log Care and Log Refusal are. */
  mode?: 'details' | 'logCare';
}

/** 'Search for Resident' (drawer 8): search box, radio list, Continue, 'No residents found'. */
export function SearchResidentDrawer({ drawer }: SearchResidentDrawerProps & { drawer: DrawerControls }) {
  const drawers = useDrawers();
  const residents = useResidents();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const matches = (residents.data ?? []).filter((r) => residentMatchesSearch(r, search));
  const chosen = residents.data?.find((r) => r.id === selected) ?? null;
  return (
    <DrawerLayout
      drawer={drawer}
      title={DrawerTitles.searchResident}
      actions={
        <Button
          size="lg"
          fullWidth
          disabled={!chosen}
          onClick={() => {
            if (!chosen) return;
            drawer.close();
            drawers.open('resident-details', { residentId: chosen.id });
          }}
        >
          {ButtonLabels.continue}
        </Button>
      }
    >
      <Stack gap="sm">
        <TextInput
          size="lg"
          label="Search"
          placeholder="Resident name"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-autofocus
        />
        {residents.isPending ? (
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
                  label={<ResidentLabel resident={resident} />}
                  styles={{ body: { minHeight: 56, alignItems: 'center' } }}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
      </Stack>
    </DrawerLayout>
  );
}

function ResidentLabel({ resident }: { resident: TResidentReply }) {
  return (
    <span>
      {residentFullName(resident)}
      {resident.unit ? (
        <Text span c="dimmed" size="sm">
          {' '}
          · {resident.unit.displayName}
        </Text>
      ) : null}
    </span>
  );
}
