import { Box, Button } from '@mantine/core';
import { PageHeader } from '../../shared/page-header/page-header';
import { signOut } from '../signin/session-actions';

/** Dashboard placeholder: the default route after sign-in. */
export function DashboardPage() {
  return (
    <>
      <PageHeader
        title="Dashboard"
        hideBack
        action={
          <Button variant="subtle" onClick={() => void signOut()}>
            Log Out
          </Button>
        }
      />
      <Box component="main" p="md" />
    </>
  );
}
