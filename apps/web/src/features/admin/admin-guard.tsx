import { Alert, Loader, Stack } from '@mantine/core';
import { AdminMessages } from '@sage/contract';
import type { Permissions } from '@sage/domain';
import type { ReactNode } from 'react';
import { useFacilityPermissions } from './admin-shared';

/** Renders its children for management of the current facility; others see why not (the server refuses too). */
export function AdminGuard({
  children,
  refusal = AdminMessages.managementOnly,
  loadingLabel = 'Loading',
}: {
  children: (ctx: { facilityId: string; permissions: Permissions }) => ReactNode;
  /** What others are told. */
  refusal?: string;
  /** The spinner's name while the permissions load (a screen in the reader's language passes its own). */
  loadingLabel?: string;
}) {
  const { facilityId, permissions, isPending } = useFacilityPermissions();
  if (isPending) return <Loader aria-label={loadingLabel} m="md" />;
  if (!facilityId || !permissions?.isManagement) {
    return (
      <Stack p="md">
        <Alert color="red">{refusal}</Alert>
      </Stack>
    );
  }
  return <>{children({ facilityId, permissions })}</>;
}
