import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { ResolutionType } from '@sage/contract';
import {
  canClearAllResolution,
  canSelectResolution,
  resolutionSections,
  toggleMultiOutcomeSelection,
} from '@sage/domain';
import { useState } from 'react';
import { type DrawerControls, DrawerLayout } from '../../shared/drawers';
import { useMessages } from '../../shared/i18n';
import './care-messages';
import { type ResolutionContext, resolutionData } from './resolution-steps';

export interface MultiOutcomeDrawerProps {
  context: ResolutionContext;
}

/**
 * 'Select all care provided' (drawer 5): the option list of the unit type (section 5), Clear All and
 * 'Select (n)'. Choosing the test alert clears the others.
 */
export function MultiOutcomeDrawer({
  drawer,
  context,
}: MultiOutcomeDrawerProps & { drawer: DrawerControls }) {
  const m = useMessages('resolve');
  const names = useMessages('resolution');
  const [selected, setSelected] = useState<ResolutionType[]>(() => resolutionData(drawer).selected ?? []);
  const sections = resolutionSections(context.listKind, {
    hideTestAlert: context.isRefusal || !context.taskId,
  });
  const count = selected.length;
  return (
    <DrawerLayout
      drawer={drawer}
      title={m.multiOutcomeTitle()}
      backLabel={m.back()}
      actions={
        <Group grow gap="sm" wrap="nowrap">
          <Button
            size="lg"
            variant="default"
            disabled={!canClearAllResolution(count)}
            onClick={() => setSelected([])}
          >
            {m.clearAll()}
          </Button>
          <Button
            size="lg"
            disabled={!canSelectResolution(count)}
            onClick={() => drawer.next({ selected, skipped: {} })}
          >
            {count > 0 ? m.selectCount({ count }) : m.select()}
          </Button>
        </Group>
      }
    >
      <Stack gap="md">
        {sections.map((section) => (
          <Stack key={section.title} gap={4} role="group" aria-label={names[section.titleKey]()}>
            <Text fw={700} size="sm" c="dimmed" tt="uppercase">
              {names[section.titleKey]()}
            </Text>
            {section.options.map((option) => (
              <Checkbox
                key={option.id}
                size="md"
                label={names[option.labelKey]()}
                checked={selected.includes(option.id)}
                onChange={() => setSelected((current) => toggleMultiOutcomeSelection(current, option.id))}
                styles={{ body: { minHeight: 48, alignItems: 'center' }, labelWrapper: { flex: 1 } }}
              />
            ))}
          </Stack>
        ))}
      </Stack>
    </DrawerLayout>
  );
}
