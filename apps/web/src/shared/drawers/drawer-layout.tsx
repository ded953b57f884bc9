import { ActionIcon, Box, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DrawerControls } from './drawer-registry';

export interface DrawerLayoutProps {
  drawer: DrawerControls;
  title: ReactNode;
  /** Shows a back arrow on workflow steps after the first. @default true */
  withBack?: boolean;
  children?: ReactNode;
  /** Buttons at the bottom, full width and stacked for one-handed use. */
  actions?: ReactNode;
}

/** The common frame of a bottom-sheet drawer: optional back arrow, title, content, actions. */
export function DrawerLayout({ drawer, title, withBack = true, children, actions }: DrawerLayoutProps) {
  const titleId = `${drawer.id}-title`;
  return (
    <Stack gap="md" aria-labelledby={titleId} role="group">
      <Group gap="xs" wrap="nowrap" align="center">
        {withBack && drawer.canGoBack ? (
          <ActionIcon variant="subtle" color="dark" aria-label="Back" onClick={drawer.back}>
            <Text component="span" fz={28} lh={1} aria-hidden>
              ‹
            </Text>
          </ActionIcon>
        ) : null}
        <Title order={2} fz="h3" id={titleId}>
          {title}
        </Title>
      </Group>
      {children ? <Box>{children}</Box> : null}
      {actions ? <Stack gap="sm">{actions}</Stack> : null}
    </Stack>
  );
}
