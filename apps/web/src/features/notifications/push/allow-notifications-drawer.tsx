import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { DrawerLayout } from '../../../shared/drawers';
import type { DrawerControls } from '../../../shared/drawers/drawer-registry';
import { useMessages } from '../../../shared/i18n';
import { reportError } from '../../../shared/report-error';
import './landing-messages';

export type AllowNotificationsDrawerProps = {
  /** Runs with the browser's answer (granted, denied or default when the prompt was dismissed). */
  onPermission?: (permission: NotificationPermission) => void;
};

// The drawer's heading: the spec names the drawer 'Allow notifications' and gives it no other title (the
// catalogue's `landing.allowNotificationsTitle`, decision 0630).

/**
 * 'Allow notifications' (sign-in doc section 2): Got It triggers the browser's permission request. Opened
 * with the backdrop close disabled: it cannot be dismissed by tapping outside.
 */
export function AllowNotificationsDrawer({
  drawer,
  onPermission,
}: AllowNotificationsDrawerProps & { drawer: DrawerControls }) {
  const m = useMessages('landing');
  const [pending, setPending] = useState(false);
  const gotIt = async () => {
    setPending(true);
    let permission: NotificationPermission = 'default';
    try {
      permission = await Notification.requestPermission();
      // Permission failures are only logged (section 8).
      if (permission !== 'granted') console.warn('[sage] notification permission', permission);
    } catch (error) {
      reportError(error, { feature: 'push', step: 'permission' });
    } finally {
      setPending(false);
    }
    drawer.close();
    onPermission?.(permission);
  };
  return (
    <DrawerLayout
      drawer={drawer}
      title={m.allowNotificationsTitle()}
      withBack={false}
      actions={
        <Button fullWidth size="lg" loading={pending} onClick={gotIt}>
          {m.gotIt()}
        </Button>
      }
    >
      <Text>{m.allowNotificationsText()}</Text>
    </DrawerLayout>
  );
}
