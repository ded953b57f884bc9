import { Text } from '@mantine/core';
import type { TResidentReply } from '@sage/contract';
import { residentFullName } from '@sage/domain';
import { type DrawerControls, useDrawers } from '../../shared/drawers';
import { useMessages } from '../../shared/i18n';
import { PickerDrawer } from '../pickers/picker-list';
import { useResidents } from './residents-api';
import './residents-messages';

export interface SearchResidentDrawerProps {
  /** 'details' opens the resident's details; 'logCare' too, where Log Care and Log Refusal are. */
  mode?: 'details' | 'logCare';
}

/** 'Search for Resident' (drawer 8): search box, radio list, Continue, 'No residents found'. */
export function SearchResidentDrawer({ drawer }: SearchResidentDrawerProps & { drawer: DrawerControls }) {
  const drawers = useDrawers();
  const residents = useResidents();
  const m = useMessages('residents');
  return (
    <PickerDrawer
      drawer={drawer}
      title={m.searchTitle()}
      // The name searched is the full name with the middle name ("Resident search", alerts doc section 5).
      options={(residents.data ?? []).map((resident) => ({
        value: resident.id,
        name: residentFullName(resident),
        label: <ResidentLabel resident={resident} />,
      }))}
      search={{ label: m.search(), placeholder: m.namePlaceholder() }}
      emptyText={m.noResidentsFound()}
      loading={residents.isPending}
      error={residents.error?.message ?? null}
      listLabel={m.listLabel()}
      continueLabel={m.continue()}
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
