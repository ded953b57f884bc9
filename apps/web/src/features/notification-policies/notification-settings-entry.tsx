import { Button } from '@mantine/core';
import { NOTIFICATION_SETTINGS_ROUTE } from '@sage/contract';
import { Link } from 'react-router';
import { useMessages } from '../../shared/i18n';

/** The way to the notification policy editor: shown to management only (docs/decisions/0068). */
export function NotificationSettingsEntry({ isManagement }: { isManagement: boolean }) {
  const m = useMessages('entries');
  if (!isManagement) return null;
  return (
    <Button component={Link} to={NOTIFICATION_SETTINGS_ROUTE} fullWidth size="lg" variant="light">
      {m.notificationSettings()}
    </Button>
  );
}
