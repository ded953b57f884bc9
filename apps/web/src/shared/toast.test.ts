import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMessages, setLanguage } from './i18n';
import { toast } from './toast';

function visible() {
  const state = notificationsStore.getState();
  return [...state.notifications, ...state.queue];
}

afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

describe('toast', () => {
  it("names its close button in the reader's language once the dashboard's messages are in (decision 0750)", async () => {
    const label = () =>
      (visible().at(-1)?.closeButtonProps as Record<string, unknown> | undefined)?.['aria-label'];
    toast.info('FYI');
    expect(label()).toBe('Dismiss message');
    setLanguage('es');
    try {
      await loadMessages('es', 'dashboard');
      toast.info('Aviso');
      expect(label()).toBe('Cerrar mensaje');
    } finally {
      setLanguage('en');
    }
  });

  it('shows each kind with its colour', () => {
    toast.success('Note added successfully');
    toast.warning('Careful');
    toast.info('FYI');
    toast.error('Failed to add note');
    expect(visible().map((n) => [n.message, n.color])).toEqual([
      ['Note added successfully', 'green'],
      ['Careful', 'orange'],
      ['FYI', 'blue'],
      ['Failed to add note', 'red'],
    ]);
  });

  it('does not show the same error twice while it is visible', () => {
    const first = toast.error('Error sending high five');
    const second = toast.error('Error sending high five');
    expect(second).toBe(first);
    expect(visible()).toHaveLength(1);
  });

  it('shows the error again once the first one is gone', () => {
    const id = toast.error('Error updating door schedule');
    notificationsStore.setState({ ...notificationsStore.getState(), notifications: [] });
    expect(visible()).toHaveLength(0);
    const again = toast.error('Error updating door schedule');
    expect(again).toBe(id);
    expect(visible()).toHaveLength(1);
  });

  it('shows different errors side by side', () => {
    toast.error('Failed to add note');
    toast.error('Error updating check in, please try again');
    expect(visible()).toHaveLength(2);
  });

  it('lets other kinds repeat', () => {
    toast.success('Door Checked');
    toast.success('Door Checked');
    expect(visible()).toHaveLength(2);
  });
});
