import { Alert, Loader, Stack } from '@mantine/core';
import type { Permissions } from '@sage/domain';
import type { ReactNode } from 'react';
import { useMessages } from '../../shared/i18n';
import { useFacilityPermissions } from './admin-shared';
import './admin-pages-messages';

/**
 * Renders its children for management of the current facility; others see why not (the server refuses too). The
 * refusal and the spinner's name are the reader's language's (`adminPages`, decision 0770) unless the page passes
 * its own.
 */
export function AdminGuard({
  children,
  refusal,
  loadingLabel,
}: {
  children: (ctx: { facilityId: string; permissions: Permissions }) => ReactNode;
  /** What others are told (by default AdminMessages.managementOnly in the reader's language). */
  refusal?: string;
  /** The spinner's name while the permissions load. */
  loadingLabel?: string;
}) {
  const { facilityId, permissions, isPending } = useFacilityPermissions();
  const m = useMessages('adminPages');
  if (isPending) return <Loader aria-label={loadingLabel ?? m.loading()} m="md" />;
  if (!facilityId || !permissions?.isManagement) {
    return (
      <Stack p="md">
        <Alert color="red">{refusal ?? m.managementOnly()}</Alert>
      </Stack>
    );
  }
  return <>{children({ facilityId, permissions })}</>;
}
