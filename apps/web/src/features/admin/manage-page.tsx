import { Box, Button, Stack } from '@mantine/core';
import { AdminMessages } from '@sage/contract';
import { Link } from 'react-router';
import { PageHeader } from '../../shared/page-header/page-header';
import { AdminGuard } from './admin-guard';
import { MANAGE_LINKS } from './manage-links';

/** /manage: the managers' area, one button per section (docs/decisions/0155). */
export function ManagePage() {
  return (
    <>
      <PageHeader title={AdminMessages.manageTitle} />
      <AdminGuard>
        {() => (
          <Box component="main" p="md" maw={640} mx="auto">
            <Stack gap="sm">
              {MANAGE_LINKS.map((link) => (
                <Button key={link.to} component={Link} to={link.to} size="lg" variant="light" fullWidth>
                  {link.label}
                </Button>
              ))}
            </Stack>
          </Box>
        )}
      </AdminGuard>
    </>
  );
}
