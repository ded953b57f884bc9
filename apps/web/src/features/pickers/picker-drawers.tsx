import { Badge, Button, Group, Text } from '@mantine/core';
import { CARE_TYPE_ABBREVIATIONS, type CareType, type TUnitWithOccupants } from '@sage/contract';
import { residentFullName } from '@sage/domain';
import type { ComponentType } from 'react';
import type { DrawerControls, DrawerRegistry } from '../../shared/drawers';
import { type Messages, useMessages } from '../../shared/i18n';
import { useCurrentFacility, useFacilityStaff } from '../shift/shift-api';
import { UnitDetailDrawer } from '../units/unit-detail-drawer';
import { useUnitSearch } from '../units/units-api';
import { PickerDrawer, type PickerOption } from './picker-list';
import { careTypesPresent, type PersonOption, responderCandidates } from './picker-rules';
import '../admin/care-type-messages';
import './pickers-messages';
import './reassign-messages';

// The unit and option pickers' texts are the `pickers` namespace (decision 0760), the person picker's Reassign's
// (decision 0700), the care types' names `careType` (decision 0680): all in the reader's language.

/**
 * How a picker hands on its choice: to `onContinue` (which moves on; the picker then closes), or, as a step of
 * a workflow, to the later steps under its result key (drawer.next).
 */
async function handOn<T>(
  drawer: DrawerControls,
  resultKey: string,
  value: T,
  onContinue: ((value: T) => void | Promise<void>) | undefined,
): Promise<void> {
  if (onContinue) {
    await onContinue(value);
    drawer.close();
  } else {
    drawer.next({ [resultKey]: value });
  }
}

// ---------------------------------------------------------------------------------------------------------
// select-options
// ---------------------------------------------------------------------------------------------------------

export interface SelectOptionsDrawerProps {
  title: string;
  options: readonly PickerOption[];
  /** Checkboxes (several) instead of radios (one). */
  multiple?: boolean;
  /** Shows a search box (case-insensitive substring on the option names). */
  searchable?: boolean;
  emptyText?: string;
  continueLabel?: string;
  initialSelected?: readonly string[];
  /** Receives the chosen values; without it, the values go to the next workflow step as `values`. */
  onContinue?: (values: string[]) => void | Promise<void>;
}

/** A generic single or multiple choice with a title, options and Continue. */
export function SelectOptionsDrawer({
  drawer,
  title,
  options,
  multiple,
  searchable,
  emptyText,
  continueLabel,
  initialSelected,
  onContinue,
}: SelectOptionsDrawerProps & { drawer: DrawerControls }) {
  const m = useMessages('pickers');
  return (
    <PickerDrawer
      drawer={drawer}
      title={title}
      listLabel={title}
      options={options}
      multiple={multiple}
      search={searchable ? { label: m.search() } : undefined}
      emptyText={emptyText ?? m.noOptions()}
      {...pickerFrame(m)}
      continueLabel={continueLabel ?? m.continue()}
      initialSelected={initialSelected}
      onContinue={(values) => handOn(drawer, 'values', values, onContinue)}
    />
  );
}

// ---------------------------------------------------------------------------------------------------------
// select-ward ('Select Type of Care')
// ---------------------------------------------------------------------------------------------------------

export interface SelectWardDrawerProps {
  /** Defaults to the community the staff member works in now. */
  facilityId?: string;
  /** Receives the care type; without it, the care type goes to the next workflow step as `careType`. */
  onContinue?: (careType: CareType) => void | Promise<void>;
  /** A further way on, under Continue: 'Search by Name' unless it has a label of its own. */
  secondaryAction?: { label?: string; onClick: () => void };
}

/** 'Select Type of Care': the care types of the community's units, full name and abbreviation. */
export function SelectWardDrawer({
  drawer,
  facilityId,
  onContinue,
  secondaryAction,
}: SelectWardDrawerProps & { drawer: DrawerControls }) {
  const m = useMessages('pickers');
  const careTypes = useMessages('careType');
  const facility = useCurrentFacility();
  const scope = facilityId ?? facility.data?.id ?? null;
  const units = useUnitSearch(scope, null, !facilityId && facility.isPending);
  const options: PickerOption[] = careTypesPresent(units.data ?? []).map((option) => ({
    value: option.careType,
    name: careTypes[option.careType](),
    label: (
      <Group gap="xs" component="span" wrap="nowrap">
        <span>{careTypes[option.careType]()}</span>
        {option.abbreviation ? (
          <Badge variant="light" tt="none" component="span">
            {option.abbreviation}
          </Badge>
        ) : null}
      </Group>
    ),
  }));
  return (
    <PickerDrawer
      drawer={drawer}
      title={m.selectWard()}
      listLabel={m.typesOfCare()}
      options={options}
      emptyText={m.noCareTypes()}
      {...pickerFrame(m)}
      loading={units.isPending}
      error={units.isError ? units.error.message : null}
      onContinue={([careType]) => handOn(drawer, 'careType', careType as CareType, onContinue)}
      extraActions={
        secondaryAction ? (
          <Button
            size="lg"
            fullWidth
            variant="default"
            onClick={() => {
              drawer.close();
              secondaryAction.onClick();
            }}
          >
            {secondaryAction.label ?? m.searchByName()}
          </Button>
        ) : null
      }
    />
  );
}

// ---------------------------------------------------------------------------------------------------------
// select-unit
// ---------------------------------------------------------------------------------------------------------

export interface SelectUnitDrawerProps {
  facilityId?: string;
  /** Only units of this care type; in a workflow, defaults to the `careType` an earlier step chose. */
  careType?: CareType;
  /** Only units with someone living there. */
  onlyOccupied?: boolean;
  title?: string;
  /** Receives the unit; without it, the unit goes to the next workflow step as `unit`. */
  onContinue?: (unit: TUnitWithOccupants) => void | Promise<void>;
}

const occupantsText = (unit: TUnitWithOccupants, m: Messages<'pickers'>): string =>
  unit.currentOccupants.length === 0
    ? m.noResidentsInUnit()
    : unit.currentOccupants.map((r) => residentFullName(r)).join(', ');

/** The frame's own words (Continue, the loader's and back arrow's names) in the reader's language. */
const pickerFrame = (m: Messages<'pickers'>) => ({
  continueLabel: m.continue(),
  loadingLabel: m.loading(),
  backLabel: m.back(),
});

/** Units, searchable by name, optionally of one care type; Continue needs a selection. */
export function SelectUnitDrawer({
  drawer,
  facilityId,
  careType,
  onlyOccupied = false,
  title,
  onContinue,
}: SelectUnitDrawerProps & { drawer: DrawerControls }) {
  const m = useMessages('pickers');
  const careTypes = useMessages('careType');
  const facility = useCurrentFacility();
  const scope = facilityId ?? facility.data?.id ?? null;
  const chosenType = careType ?? (drawer.data.careType as CareType | undefined) ?? null;
  // The same query as 'Select Type of Care' (one request for both steps), filtered here.
  const units = useUnitSearch(scope, null, !facilityId && facility.isPending);
  const list = (units.data ?? []).filter(
    (unit) =>
      (!chosenType || unit.careType === chosenType) && (!onlyOccupied || unit.currentOccupants.length > 0),
  );
  const options: PickerOption[] = list.map((unit) => ({
    value: unit.id,
    name: unit.displayName,
    label: (
      <Group gap="xs" component="span" wrap="nowrap">
        <span>{unit.displayName}</span>
        {CARE_TYPE_ABBREVIATIONS[unit.careType] && !chosenType ? (
          <Badge variant="light" tt="none" component="span">
            {CARE_TYPE_ABBREVIATIONS[unit.careType]}
          </Badge>
        ) : null}
      </Group>
    ),
    description: occupantsText(unit, m),
  }));
  return (
    <PickerDrawer
      drawer={drawer}
      title={
        <>
          {title ?? m.selectUnit()}
          {chosenType ? (
            <Text span display="block" c="dimmed" size="sm" fw={400}>
              {careTypes[chosenType]()}
            </Text>
          ) : null}
        </>
      }
      listLabel={m.units()}
      options={options}
      search={{ label: m.search(), placeholder: m.unitPlaceholder() }}
      emptyText={m.noUnitsFound()}
      {...pickerFrame(m)}
      loading={units.isPending}
      error={units.isError ? units.error.message : null}
      onContinue={([unitId]) => {
        const unit = list.find((u) => u.id === unitId);
        return unit ? handOn(drawer, 'unit', unit, onContinue) : undefined;
      }}
    />
  );
}

// ---------------------------------------------------------------------------------------------------------
// select-person
// ---------------------------------------------------------------------------------------------------------

export interface SelectPersonDrawerProps {
  /** Defaults to the community the staff member works in now. */
  facilityId?: string;
  title?: string;
  /** People not to offer (e.g. who holds the alert now). */
  excludeIds?: readonly string[];
  continueLabel?: string;
  /** Receives the person; without it, the person goes to the next workflow step as `person`. */
  onContinue?: (person: PersonOption) => void | Promise<void>;
}

/** Care staff and nurses of the community, on shift first; searchable by name; Continue needs a selection. */
export function SelectPersonDrawer({
  drawer,
  facilityId,
  title,
  excludeIds,
  continueLabel,
  onContinue,
}: SelectPersonDrawerProps & { drawer: DrawerControls }) {
  // The person picker's texts are Reassign's (the `reassign` namespace, decision 0700), in the reader's language.
  const m = useMessages('reassign');
  const facility = useCurrentFacility();
  const scope = facilityId ?? facility.data?.id ?? undefined;
  const staff = useFacilityStaff(scope);
  const people = scope ? responderCandidates(staff.data ?? [], scope, excludeIds) : [];
  const options: PickerOption[] = people.map((person) => ({
    value: person.id,
    name: person.name,
    label: (
      <Group gap="xs" component="span" wrap="nowrap">
        <span>{person.name}</span>
        {person.onShift ? (
          <Badge color="green" variant="light" tt="none" component="span">
            {m.onShift()}
          </Badge>
        ) : null}
      </Group>
    ),
  }));
  return (
    <PickerDrawer
      drawer={drawer}
      title={title ?? m.selectPerson()}
      listLabel={m.people()}
      options={options}
      search={{ label: m.search(), placeholder: m.namePlaceholder() }}
      emptyText={m.noPeopleFound()}
      loadingLabel={m.loading()}
      backLabel={m.back()}
      loading={!scope || staff.isPending}
      error={staff.isError ? staff.error.message : null}
      continueLabel={continueLabel}
      onContinue={([id]) => {
        const person = people.find((p) => p.id === id);
        return person ? handOn(drawer, 'person', person, onContinue) : undefined;
      }}
    />
  );
}

// ---------------------------------------------------------------------------------------------------------
// Registry entries
// ---------------------------------------------------------------------------------------------------------

// biome-ignore lint/suspicious/noExplicitAny: each drawer declares its own props; the registry is keyed by type
type AnyDrawer = ComponentType<any & { drawer: DrawerControls }>;
const asDrawer = (component: AnyDrawer) => component as NonNullable<DrawerRegistry['select-options']>;

/** The generic pickers (alerts doc section 2, drawer 16) and the unit detail drawer. */
export const pickerDrawers: DrawerRegistry = {
  'select-options': asDrawer(SelectOptionsDrawer),
  'select-ward': asDrawer(SelectWardDrawer),
  'select-unit': asDrawer(SelectUnitDrawer),
  'select-person': asDrawer(SelectPersonDrawer),
  'unit-detail': asDrawer(UnitDetailDrawer),
};
