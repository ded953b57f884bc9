import { type NotificationData, notifications, notificationsStore } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { currentLanguage, loadMessages } from './i18n';
import classes from './toast.module.css';

/** Toast kinds (signin-staff-admin.md section 8, alerts-care-insights.md section 8). */
export type ToastKind = 'success' | 'warning' | 'info' | 'error';

export interface ToastOptions {
  title?: ReactNode;
  /** Milliseconds before the toast closes, or false to keep it until dismissed. */
  autoClose?: number | false;
  id?: string;
}

const KIND_COLORS: Record<ToastKind, string> = {
  success: 'green',
  warning: 'orange',
  info: 'blue',
  error: 'red',
};

const ERROR_ID_PREFIX = 'toast-error:';

/** The app's <Notifications> classes: toasts at the bottom, above the safe area and a bottom bar (decision 0600). */
export const TOAST_CONTAINER_CLASS_NAMES = { root: classes.root } as const;

/**
 * Every toast's close button: a 44 px touch target with a name screen readers say, in the reader's language
 * (decision 0750): the dashboard's messages, which every signed-in page's header loads; English until they are in.
 */
const closeButtonProps = () => ({
  'aria-label': loadMessages(currentLanguage(), 'dashboard').value?.dismissMessage?.() ?? 'Dismiss message',
  size: 44,
  iconSize: 20,
});

/** Id of an error toast, derived from its text so that the same message maps to the same toast. */
function errorToastId(message: ReactNode, title: ReactNode): string | undefined {
  const parts = [title, message].map((part) =>
    typeof part === 'string' || typeof part === 'number' ? String(part) : '',
  );
  if (!parts.some((part) => part !== '')) return undefined;
  return `${ERROR_ID_PREFIX}${parts.join('\u0000')}`;
}

function isVisible(id: string): boolean {
  const state = notificationsStore.getState();
  return state.notifications.some((n) => n.id === id) || state.queue.some((n) => n.id === id);
}

function show(kind: ToastKind, message: ReactNode, options: ToastOptions = {}): string {
  const data: NotificationData = {
    message,
    color: KIND_COLORS[kind],
    'data-toast-kind': kind,
    closeButtonProps: closeButtonProps(),
    ...(options.title !== undefined ? { title: options.title } : {}),
    ...(options.autoClose !== undefined ? { autoClose: options.autoClose } : {}),
  };

  if (kind === 'error') {
    // Error toasts never duplicate: the same message while one is visible (or queued) is not shown again.
    const id = options.id ?? errorToastId(message, options.title);
    if (id !== undefined) {
      if (isVisible(id)) return id;
      return notifications.show({ ...data, id });
    }
  }
  return notifications.show(options.id ? { ...data, id: options.id } : data);
}

export const toast = {
  success: (message: ReactNode, options?: ToastOptions) => show('success', message, options),
  warning: (message: ReactNode, options?: ToastOptions) => show('warning', message, options),
  info: (message: ReactNode, options?: ToastOptions) => show('info', message, options),
  error: (message: ReactNode, options?: ToastOptions) => show('error', message, options),
  hide: (id: string) => notifications.hide(id),
  clear: () => notifications.clean(),
};
