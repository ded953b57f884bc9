import { Button } from '@mantine/core';
import { NOTIFICATION_SETTINGS_ROUTE, NotificationPolicyMessages } from '@sage/contract';
import { Link } from 'react-router';

/** The way to the notification policy editor: shown to management only (docs/decisions/0068). */
export function NotificationSettingsEntry({ isManagement }: { isManagement: boolean }) {
  if (!isManagement) return null;
  return (
    <Button component={Link} to={NOTIFICATION_SETTINGS_ROUTE} fullWidth size="lg" variant="light">
      {NotificationPolicyMessages.entry}
    </Button>
  );
}
