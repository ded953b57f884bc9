import { Box } from '@mantine/core';
import { PageHeader } from '../../shared/page-header/page-header';

/** Dashboard placeholder: the default route after sign-in. */
export function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" hideBack />
      <Box component="main" p="md" />
    </>
  );
}
