import { ActionIcon, Box, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { GoBackMessages } from '@sage/contract';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_ROUTE } from '../constants';
import { hasInAppHistory } from './back-navigation';

export interface PageHeaderProps {
  title: ReactNode;
  /** Optional action button or icon on the right. */
  action?: ReactNode;
  /** Ask 'Go Back?' before leaving (for pages with unsaved changes). @default false */
  confirmBack?: boolean;
  /** Where back goes when there is no previous page in this app. @default '/dashboard' */
  defaultRoute?: string;
  /** Hides the back button (top-level pages). @default false */
  hideBack?: boolean;
  /** Replaces the default back behaviour (called after the confirmation, if any). */
  onBack?: () => void;
}

/** Back button, title and optional action. */
export function PageHeader({
  title,
  action,
  confirmBack = false,
  defaultRoute = DEFAULT_ROUTE,
  hideBack = false,
  onBack,
}: PageHeaderProps) {
  const navigate = useNavigate();
  const [confirmOpened, confirm] = useDisclosure(false);

  const goBack = () => {
    if (onBack) onBack();
    else if (hasInAppHistory(window.history.length, window.history.state)) navigate(-1);
    else navigate(defaultRoute, { replace: true });
  };

  const handleBack = () => {
    if (confirmBack) confirm.open();
    else goBack();
  };

  return (
    <Box component="header" px="sm" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group gap="xs" wrap="nowrap" justify="space-between" mih={56}>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {hideBack ? null : (
            <ActionIcon variant="subtle" color="dark" aria-label="Back" onClick={handleBack}>
              <Text component="span" fz={32} lh={1} aria-hidden>
                ‹
              </Text>
            </ActionIcon>
          )}
          <Title order={1} fz="h3" lineClamp={1}>
            {title}
          </Title>
        </Group>
        {action ? <Box style={{ flexShrink: 0 }}>{action}</Box> : null}
      </Group>

      <Modal
        opened={confirmOpened}
        onClose={confirm.close}
        title={GoBackMessages.title}
        centered
        withCloseButton={false}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
      >
        <Stack gap="md">
          <Text>{GoBackMessages.text}</Text>
          <Button
            fullWidth
            color="red"
            onClick={() => {
              confirm.close();
              goBack();
            }}
          >
            {GoBackMessages.discard}
          </Button>
          <Button fullWidth variant="default" onClick={confirm.close}>
            {GoBackMessages.cancel}
          </Button>
        </Stack>
      </Modal>
    </Box>
  );
}
