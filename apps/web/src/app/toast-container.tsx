import { Notifications } from '@mantine/notifications';
import { AppQueryProvider } from '../shared/query-client';
import { TOAST_CONTAINER_CLASS_NAMES } from '../shared/toast';

/** Where toasts show (loaded with the first toast: docs/decisions/0381). */
export function ToastContainer() {
  return (
    <AppQueryProvider>
      <Notifications
        position="bottom-center"
        containerWidth="min(440px, calc(100vw - 16px))"
        classNames={TOAST_CONTAINER_CLASS_NAMES}
      />
    </AppQueryProvider>
  );
}
