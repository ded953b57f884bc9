import { Button, Center, Checkbox, Group, Loader, Stack } from '@mantine/core';
import type { ObservationType } from '@sage/contract';
import {
  canSelectObservations,
  noteFieldState,
  observationNotesRequired,
  showObservationSkip,
} from '@sage/domain';
import { useState } from 'react';
import { type DrawerControls, DrawerLayout } from '../../shared/drawers';
import { useMessages } from '../../shared/i18n';
import './care-messages';
import { useFacilityConfig } from './care-api';
import { NoteField } from './note-field';
import {
  isFalseAlarm,
  isTestAlertSelection,
  observationTypesFor,
  type ResolutionContext,
  resolutionData,
  useSkipStep,
} from './resolution-steps';

export interface ObservationsDrawerProps {
  context: ResolutionContext;
  selectionRequired?: boolean;
}

/**
 * Observations (drawer 1): 'Any new changes to escalate to Nurse?', checklist of the care type's observation
 * types, back arrow, Clear All, Select (n), Skip only when nothing is selected and selection is not required.
 * OTHER makes the notes required.
 */
export function ObservationsDrawer(props: ObservationsDrawerProps & { drawer: DrawerControls }) {
  // The facility's facilityConfig decides the options (docs/decisions/0058); wait for it before deciding to
  // skip (a failed load falls back to the care-type rule).
  const config = useFacilityConfig(props.context.facilityId);
  const m = useMessages('resolve');
  if (config.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={m.loading()} />
      </Center>
    );
  }
  return (
    <ObservationsStep {...props} options={observationTypesFor(props.context.careType, config.data ?? null)} />
  );
}

function ObservationsStep({
  options,
  ...props
}: ObservationsDrawerProps & { drawer: DrawerControls; options: ObservationType[] }) {
  const skipping = useSkipStep(
    props.drawer,
    options.length === 0 ||
      isTestAlertSelection(resolutionData(props.drawer)) ||
      isFalseAlarm(resolutionData(props.drawer)),
  );
  return skipping ? null : <ObservationsForm {...props} options={options} />;
}

function ObservationsForm({
  drawer,
  options,
  selectionRequired = false,
}: ObservationsDrawerProps & { drawer: DrawerControls; options: ObservationType[] }) {
  const m = useMessages('resolve');
  const observationLabel = useMessages('observation');
  const data = resolutionData(drawer);
  const [selected, setSelected] = useState<ObservationType[]>(data.observations ?? []);
  const [notes, setNotes] = useState(data.observationNotes ?? '');
  const notesRequired = observationNotesRequired(selected);
  const notesState = noteFieldState(notes, { required: notesRequired });
  const count = selected.length;
  const toggle = (id: ObservationType) =>
    setSelected((current) => (current.includes(id) ? current.filter((s) => s !== id) : [...current, id]));
  return (
    <DrawerLayout
      drawer={drawer}
      title={m.observationsTitle()}
      backLabel={m.back()}
      actions={
        <>
          <Group grow gap="sm" wrap="nowrap">
            <Button size="lg" variant="default" disabled={count === 0} onClick={() => setSelected([])}>
              {m.clearAll()}
            </Button>
            <Button
              size="lg"
              disabled={!canSelectObservations(count) || !notesState.isValid}
              onClick={() => drawer.next({ observations: selected, observationNotes: notes.trim() })}
            >
              {count > 0 ? m.selectCount({ count }) : m.select()}
            </Button>
          </Group>
          {showObservationSkip(count, selectionRequired) ? (
            <Button
              size="lg"
              variant="subtle"
              onClick={() => drawer.next({ observations: [], observationNotes: '' })}
            >
              {m.skip()}
            </Button>
          ) : null}
        </>
      }
    >
      <Stack gap="xs">
        {options.map((id) => (
          <Checkbox
            key={id}
            size="md"
            label={observationLabel[id]()}
            checked={selected.includes(id)}
            onChange={() => toggle(id)}
            styles={{ body: { minHeight: 48, alignItems: 'center' }, labelWrapper: { flex: 1 } }}
          />
        ))}
        <NoteField
          value={notes}
          onChange={setNotes}
          required={notesRequired}
          touched={notesRequired || notes !== ''}
          rows={2}
          placeholder={count > 0 ? m.observationsPlaceholder() : m.noteLabelOptional()}
        />
      </Stack>
    </DrawerLayout>
  );
}
