import { Button, Chip, Group, MultiSelect, Stack, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { SEVERITIES_MOST_TO_LEAST, type Severity, type TNotificationPolicyForm } from '@sage/contract';
import { describeFilter, type FacilityNames, type PolicyWords } from './policy-form';

/** The facility's names as the filter fields list them (sorted by name). */
export interface FacilityChoices extends FacilityNames {
  groupList: [string, string][];
  staffList: { value: string; label: string }[];
  careZoneList: [string, string][];
}

interface ChipsProps {
  label: string;
  hint: string;
  options: readonly (readonly [string, string])[];
  value: string[];
  onChange: (value: string[]) => void;
}

/** A labelled set of toggle chips (one row that wraps): large enough to tap with a thumb. */
function ChipChoice({ label, hint, options, value, onChange }: ChipsProps) {
  return (
    <Stack gap={4} role="group" aria-label={label}>
      <Text fw={600} fz="sm">
        {label}
      </Text>
      <Text c="dimmed" fz="xs">
        {hint}
      </Text>
      <Chip.Group multiple value={value} onChange={onChange}>
        <Group gap="xs">
          {options.map(([id, name]) => (
            <Chip key={id} value={id} size="md" styles={{ label: { minHeight: 44 } }}>
              {name}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}

interface Props {
  form: UseFormReturnType<TNotificationPolicyForm>;
  block: number;
  index: number;
  choices: FacilityChoices;
  /** A step keeps at least one filter. */
  removable: boolean;
  /** The reader's language's words (the `policies` messages, the severities' names). */
  words: PolicyWords;
}

/**
 * One filter of a step, in plain words first (who, which alerts), then every part of it: groups, named
 * staff, care zones, kinds of alerts (severities) and on shift only (sign-in doc section 3 'Notification
 * policy'; docs/decisions/0067, 0078).
 */
export function PolicyFilterFields({ form, block, index, choices, removable, words }: Props) {
  const M = words.m;
  const path = `notificationBlocks.${block}.filters.${index}` as const;
  const filter = form.getValues().notificationBlocks[block]?.filters[index];
  if (!filter) return null;
  const said = describeFilter(filter, choices, words);
  const severityOptions = SEVERITIES_MOST_TO_LEAST.map((s) => [s, words.severity(s)] as const);
  return (
    <Stack
      gap="sm"
      p="sm"
      bg="gray.0"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      role="group"
      aria-label={M.filter({ n: index + 1 })}
      data-testid="notification-filter"
    >
      <Stack gap={2}>
        <Text>{said.who}</Text>
        <Text c="dimmed" fz="sm">
          {said.which}
        </Text>
      </Stack>
      <ChipChoice
        label={M.groups()}
        hint={M.groupsHint()}
        options={choices.groupList}
        value={filter.groupIds}
        onChange={(value) => form.setFieldValue(`${path}.groupIds`, value)}
      />
      <MultiSelect
        size="lg"
        label={M.namedStaff()}
        description={M.namedStaffHint()}
        placeholder={filter.staffMemberIds.length ? undefined : M.namedStaffPlaceholder()}
        data={choices.staffList}
        searchable
        clearable
        hidePickedOptions
        nothingFoundMessage={M.noStaffFound()}
        comboboxProps={{ withinPortal: true }}
        // The search box inside is tapped to add a name: 44 px tall, as every touch target.
        styles={{ inputField: { minHeight: 44 } }}
        value={filter.staffMemberIds}
        onChange={(value) => form.setFieldValue(`${path}.staffMemberIds`, value)}
      />
      <ChipChoice
        label={M.careZones()}
        hint={M.careZonesHint()}
        options={choices.careZoneList}
        value={filter.careZoneIds}
        onChange={(value) => form.setFieldValue(`${path}.careZoneIds`, value)}
      />
      <ChipChoice
        label={M.severities()}
        hint={M.severitiesHint()}
        options={severityOptions}
        value={filter.severities}
        onChange={(value) => form.setFieldValue(`${path}.severities`, value as Severity[])}
      />
      <Switch
        size="md"
        label={M.onShiftOnly()}
        {...form.getInputProps(`${path}.onCallOnly`, { type: 'checkbox' })}
      />
      {removable ? (
        <Button
          variant="subtle"
          color="red"
          size="md"
          mih={44}
          onClick={() => form.removeListItem(`notificationBlocks.${block}.filters`, index)}
        >
          {M.removeFilter()}
        </Button>
      ) : null}
    </Stack>
  );
}
