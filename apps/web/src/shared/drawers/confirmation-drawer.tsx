import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { useMessages } from '../i18n';
import { reportError } from '../report-error';
import { DrawerLayout } from './drawer-layout';
import type { DrawerComponentProps } from './drawer-registry';

/** Generic confirmation: title, text, confirm and cancel. Confirm moves the drawer (or workflow) on. */
export function ConfirmationDrawer({
  drawer,
  title,
  text,
  confirmLabel,
  cancelLabel,
  destructive = false,
  onConfirm,
  onCancel,
}: DrawerComponentProps<'confirmation'>) {
  // The buttons' default names in the reader's language (issue #33); a caller's own labels win.
  const m = useMessages('dashboard');
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    if (!onConfirm) {
      drawer.next();
      return;
    }
    setPending(true);
    try {
      await onConfirm();
      drawer.next();
    } catch (error) {
      // The caller reports the failure to the user; the drawer stays open so they can try again.
      reportError(error, { drawer: 'confirmation', title });
    } finally {
      setPending(false);
    }
  };

  const cancel = () => {
    onCancel?.();
    drawer.close();
  };

  return (
    <DrawerLayout
      drawer={drawer}
      title={title}
      actions={
        <>
          <Button fullWidth color={destructive ? 'red' : undefined} loading={pending} onClick={confirm}>
            {confirmLabel ?? m.confirm()}
          </Button>
          <Button fullWidth variant="default" disabled={pending} onClick={cancel}>
            {cancelLabel ?? m.cancel()}
          </Button>
        </>
      }
    >
      {text ? <Text>{text}</Text> : null}
    </DrawerLayout>
  );
}
