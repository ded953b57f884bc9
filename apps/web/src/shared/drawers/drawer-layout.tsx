import { ActionIcon, Box, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DrawerControls } from './drawer-registry';

export interface DrawerLayoutProps {
  drawer: DrawerControls;
  title: ReactNode;
  /** Shows a back arrow on workflow steps after the first. @default true */
  withBack?: boolean;
  /** The back arrow's spoken name, in the reader's language (decision 0630). @default 'Back' */
  backLabel?: string;
  children?: ReactNode;
  /** Buttons at the bottom, full width and stacked for one-handed use. */
  actions?: ReactNode;
}

/**
 * The drawer's height limit (the sheet's, 90dvh unless the guided tour lowers it through
 * --sage-drawer-max-height, decision 0615; less the body's padding): the frame
 * fills at most this, so its actions stay on screen at 360 x 740 however long the list (decision 0181).
 */
export const DRAWER_FRAME_MAX_HEIGHT =
  'calc(var(--sage-drawer-max-height, 90dvh) - 2 * var(--drawer-padding, var(--mantine-spacing-md)) - env(safe-area-inset-bottom))';

/**
 * The common frame of a bottom-sheet drawer: optional back arrow and title at the top, the content in the
 * middle (it scrolls when long), the actions in a footer that always stays in view.
 */
export function DrawerLayout({
  drawer,
  title,
  withBack = true,
  backLabel = 'Back',
  children,
  actions,
}: DrawerLayoutProps) {
  const titleId = `${drawer.id}-title`;
  return (
    <Stack
      gap="md"
      aria-labelledby={titleId}
      role="group"
      mah={DRAWER_FRAME_MAX_HEIGHT}
      style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      <Group gap="xs" wrap="nowrap" align="center" style={{ flexShrink: 0 }}>
        {withBack && drawer.canGoBack ? (
          <ActionIcon variant="subtle" color="dark" size="xl" aria-label={backLabel} onClick={drawer.back}>
            <Text component="span" fz={28} lh={1} aria-hidden>
              ‹
            </Text>
          </ActionIcon>
        ) : null}
        <Title order={2} fz="h3" id={titleId}>
          {title}
        </Title>
      </Group>
      {children ? (
        <Box
          data-drawer-body
          style={{ flex: '1 1 auto', minHeight: 0, overflowY: 'auto', overscrollBehavior: 'contain' }}
        >
          {children}
        </Box>
      ) : null}
      {actions ? (
        <Stack gap="sm" data-drawer-actions style={{ flexShrink: 0 }}>
          {actions}
        </Stack>
      ) : null}
    </Stack>
  );
}
