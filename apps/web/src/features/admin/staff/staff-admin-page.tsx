import { Badge, Box, Button, Card, Group, Loader, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ADMIN_GROUPS_ROUTE, ADMIN_STAFF_ROUTE, TEAM_MEMBER_ROUTE } from '@sage/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMessages } from '../../../shared/i18n';
import { PageHeader } from '../../../shared/page-header/page-header';
import { useCurrentFacility } from '../../shift/shift-api';
import { fullName, useMyPermissions, useStaffSearch } from '../../team/team-api';
import { useFacilityTours } from '../../training/tour-api';
import { TourCompletionBadge } from '../../training/tour-completion';
import './staff-messages';

const PAGE_SIZE = 50;

/** /admin/staff: list, search, invite, edit and archive staff of the current community (managers). */
export function StaffAdminPage() {
  const t = useMessages('manageStaff');
  const facility = useCurrentFacility();
  const facilityId = facility.data?.id;
  const permissions = useMyPermissions(facilityId);
  const [text, setText] = useState('');
  const [searchText] = useDebouncedValue(text.trim(), 250);
  const [isArchived, setArchived] = useState(false);
  const [pages, setPages] = useState(1);
  const search = useStaffSearch(
    {
      facilityId,
      searchText,
      isArchived, // Search narrows longer lists: at most 200 (the search's page limit) are shown.
      pageSize: Math.min(200, PAGE_SIZE * pages),
      pageNumber: 0,
    },
    Boolean(facilityId),
  );
  const allowed = permissions.data?.canAdministerStaff ?? false;
  // Managers see who has completed the guided tour (decision 0360).
  const tours = useFacilityTours(facilityId, allowed);

  return (
    <>
      <PageHeader title={t.title()} />
      <Box component="main" p="md">
        {permissions.isPending ? (
          <Loader aria-label={t.loading()} />
        ) : !allowed ? (
          <Text>{t.notAllowed()}</Text>
        ) : (
          <Stack gap="md">
            <Button component={Link} to={`${ADMIN_STAFF_ROUTE}/new`} size="lg" fullWidth>
              {t.inviteButton()}
            </Button>
            <Button component={Link} to={ADMIN_GROUPS_ROUTE} size="lg" fullWidth variant="light">
              {t.groupsButton()}
            </Button>
            <TextInput
              size="lg"
              label={t.search()}
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                setPages(1);
              }}
            />
            <Switch
              size="lg"
              label={t.showArchived()}
              checked={isArchived}
              onChange={(event) => setArchived(event.currentTarget.checked)}
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
                {search.data.staffMembers.map((person) => (
                  <Card key={person.id} component="li" withBorder padding="sm" aria-label={fullName(person)}>
                    <Group justify="space-between" wrap="nowrap" align="center">
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Text
                          component={Link}
                          to={TEAM_MEMBER_ROUTE(person.id)}
                          fw={600}
                          style={{
                            textDecoration: 'none',
                            color: 'inherit',
                            overflowWrap: 'anywhere',
                            // A touch target of at least 44 px (the spec's minimum; decision 0680).
                            display: 'inline-flex',
                            alignItems: 'center',
                            minHeight: 44,
                          }}
                        >
                          {fullName(person)}
                        </Text>
                        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {person.groupMemberships.map((m) => m.groupName).join(', ')}
                        </Text>
                        <TourCompletionBadge tour={tours.data?.get(person.id)} />
                        {person.isArchived ? (
                          <Badge color="gray" size="sm">
                            {t.archivedBadge()}
                          </Badge>
                        ) : null}
                      </Stack>
                      <Button
                        component={Link}
                        to={`${ADMIN_STAFF_ROUTE}/${encodeURIComponent(person.id)}`}
                        variant="light"
                        size="lg"
                        style={{ flexShrink: 0 }}
                        aria-label={t.editName({ name: fullName(person) })}
                      >
                        {t.edit()}
                      </Button>
                    </Group>
                  </Card>
                ))}
              </Stack>
            )}
            {search.data &&
            search.data.totalCount > search.data.staffMembers.length &&
            pages * PAGE_SIZE < 200 ? (
              <Button variant="subtle" size="lg" onClick={() => setPages((n) => n + 1)}>
                {t.more()}
              </Button>
            ) : null}
          </Stack>
        )}
      </Box>
    </>
  );
}
