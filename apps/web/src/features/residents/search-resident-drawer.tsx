import { Text } from '@mantine/core';
import { DrawerTitles, EmptyStateMessages, type TResidentReply } from '@sage/contract';
import { residentFullName } from '@sage/domain';
import { type DrawerControls, useDrawers } from '../../shared/drawers';
import { PickerDrawer } from '../pickers/picker-list';
import { useResidents } from './residents-api';

export interface SearchResidentDrawerProps {
  /** 'details' opens the resident's details; 'logCare' too, where Log Care and Log Refusal are. */
  mode?: 'details' | 'logCare';
}

/** 'Search for Resident' (drawer 8): search box, radio list, Continue, 'No residents found'. */
export function SearchResidentDrawer({ drawer }: SearchResidentDrawerProps & { drawer: DrawerControls }) {
  const drawers = useDrawers();
  const residents = useResidents();
  return (
    <PickerDrawer
      drawer={drawer}
      title={DrawerTitles.searchResident}
      // The name searched is the full name with the middle name ("Resident search", alerts doc section 5).
      options={(residents.data ?? []).map((resident) => ({
        value: resident.id,
        name: residentFullName(resident),
        label: <ResidentLabel resident={resident} />,
      }))}
      search={{ label: 'Search', placeholder: 'Resident name' }}
      emptyText={EmptyStateMessages.noResidentsFound}
      loading={residents.isPending}
      error={residents.error?.message ?? null}
      listLabel="Residents"
      onContinue={([residentId]) => {
        drawer.close();
        drawers.open('resident-details', { residentId });
      }}
    />
  );
}

export function ResidentLabel({ resident }: { resident: TResidentReply }) {
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
