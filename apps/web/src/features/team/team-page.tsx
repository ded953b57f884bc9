import { Badge, Box, Button, Card, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ADMIN_GROUPS_ROUTE, ADMIN_STAFF_ROUTE, TEAM_MEMBER_ROUTE } from '@sage/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMessages } from '../../shared/i18n';
import { PageHeader } from '../../shared/page-header/page-header';
import { useCurrentFacility } from '../shift/shift-api';
import { fullName, useMyPermissions, useStaffSearch } from './team-api';
import './team-messages';

/** /team: the community's team members (searchable), each opening /team/member/{id}. */
export function TeamPage() {
  const t = useMessages('team');
  const facility = useCurrentFacility();
  const facilityId = facility.data?.id;
  const permissions = useMyPermissions(facilityId);
  const [text, setText] = useState('');
  const [searchText] = useDebouncedValue(text.trim(), 250);
  const search = useStaffSearch({ facilityId, searchText, pageSize: 200 }, Boolean(facilityId));

  return (
    <>
      <PageHeader title={t.title()} />
      <Box component="main" p="md">
        <Stack gap="md">
          {permissions.data?.canAdministerStaff ? (
            <Stack gap="sm">
              <Button component={Link} to={ADMIN_STAFF_ROUTE} size="lg" variant="light" fullWidth>
                {t.manageStaff()}
              </Button>
              <Button component={Link} to={ADMIN_GROUPS_ROUTE} size="lg" variant="light" fullWidth>
                {t.manageGroups()}
              </Button>
            </Stack>
          ) : null}
          <TextInput
            size="lg"
            label={t.search()}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          {search.isPending ? (
            <Loader aria-label={t.loading()} />
          ) : search.isError ? (
            <Text c="red">{search.error.message}</Text>
          ) : search.data.staffMembers.length === 0 ? (
            <Text c="dimmed">{t.none()}</Text>
          ) : (
            <Stack
              gap="sm"
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label={t.listLabel()}
            >
              {search.data.staffMembers.map((person) => {
                const onShift = person.onCallStates.some((s) => s.facilityId === facilityId && s.isOnCall);
                return (
                  <li key={person.id}>
                    <Card
                      component={Link}
                      to={TEAM_MEMBER_ROUTE(person.id)}
                      withBorder
                      padding="sm"
                      style={{ textDecoration: 'none', color: 'inherit', minHeight: 56 }}
                    >
                      <Group justify="space-between" wrap="nowrap">
                        <Stack gap={0} style={{ minWidth: 0 }}>
                          <Text fw={600} truncate>
                            {fullName(person)}
                          </Text>
                          <Text size="sm" c="dimmed" truncate>
                            {person.groupMemberships
                              .filter((m) => m.facilityId === facilityId)
                              .map((m) => m.groupName)
                              .join(', ')}
                          </Text>
                        </Stack>
                        {onShift ? <Badge color="green">{t.onShift()}</Badge> : null}
                      </Group>
                    </Card>
                  </li>
                );
              })}
            </Stack>
          )}
        </Stack>
      </Box>
    </>
  );
}
