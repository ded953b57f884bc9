import { ActionIcon, Box, Group, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_ROUTE } from '../constants';
import { useMessages } from '../i18n';
import { hasInAppHistory } from './back-navigation';

const GoBackDialog = lazy(() => import('./go-back-dialog').then((m) => ({ default: m.GoBackDialog })));

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
  // The back arrow's spoken name in the reader's language (decision 0750).
  const m = useMessages('dashboard');
  const navigate = useNavigate();
  const [confirmOpened, confirm] = useDisclosure(false);
  // The dialog's code loads on the first back press that asks (decision 0381); it then stays mounted.
  const [confirmUsed, setConfirmUsed] = useState(false);

  const goBack = () => {
    if (onBack) onBack();
    else if (hasInAppHistory(window.history.length, window.history.state)) navigate(-1);
    else navigate(defaultRoute, { replace: true });
  };

  const handleBack = () => {
    if (confirmBack) {
      setConfirmUsed(true);
      confirm.open();
    } else goBack();
  };

  return (
    <Box component="header" px="sm" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group gap="xs" wrap="nowrap" justify="space-between" mih={56}>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {hideBack ? null : (
            <ActionIcon variant="subtle" color="dark" aria-label={m.back()} onClick={handleBack}>
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

      {confirmUsed ? (
        <Suspense fallback={null}>
          <GoBackDialog opened={confirmOpened} onClose={confirm.close} onDiscard={goBack} />
        </Suspense>
      ) : null}
    </Box>
  );
}
