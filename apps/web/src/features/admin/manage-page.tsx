import { Alert, Box, Button, Loader, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useMessages } from '../../shared/i18n';
import { PageHeader } from '../../shared/page-header/page-header';
import './admin-pages-messages';
import { useManageLinks } from './manage-links';

/**
 * /manage: the managers' area, one button per section (docs/decisions/0155); each section is shown to those
 * who may use it (the device QA walk also to maintenance and provider support: decision 0273).
 */
export function ManagePage() {
  const links = useManageLinks();
  const m = useMessages('adminPages');
  return (
    <>
      <PageHeader title={m.manageTitle()} />
      {links === null ? (
        <Loader aria-label={m.loading()} m="md" />
      ) : links.length === 0 ? (
        <Stack p="md">
          <Alert color="red">{m.managementOnly()}</Alert>
        </Stack>
      ) : (
        <Box component="main" p="md" maw={640} mx="auto">
          <Stack gap="sm">
            {links.map((link) => (
              <Button key={link.to} component={Link} to={link.to} size="lg" variant="light" fullWidth>
                {m[`link_${link.key}`]()}
              </Button>
            ))}
          </Stack>
        </Box>
      )}
    </>
  );
}
