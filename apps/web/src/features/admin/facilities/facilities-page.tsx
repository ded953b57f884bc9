import { Alert, Badge, Box, Button, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { FacilityStatus, type TEnterprise, type TFacility } from '@sage/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDrawers } from '../../../shared/drawers';
import { useMessages } from '../../../shared/i18n';
import { PageHeader } from '../../../shared/page-header/page-header';
import { useSession } from '../../../shared/session';
import { toast } from '../../../shared/toast';
import { useProfile } from '../../shift/shift-api';
import { CompanyLogo } from '../enterprises/company-logo';
import { enterpriseKeys, enterprisesApi, useEnterprises } from '../enterprises/enterprises-api';
import { useAdminWrite } from '../use-admin-write';
import { facilitiesApi, facilityKeys, useFacilities } from './facilities-api';
import { FacilityForm, type FacilityFormValues, toFacilityRequest } from './facility-form';
import '../admin-org-messages';

type Editing = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; facility: TFacility };

/**
 * /admin/facilities: for management-group admins and provider support (decision 0170): the communities of a
 * company chosen in 'Select a company', add and edit them; provider support also adds companies.
 */
export function FacilitiesPage() {
  const M = useMessages('adminOrg');
  const session = useSession();
  const profile = useProfile(session?.staffMemberId ?? '');
  const isProviderSupport =
    profile.data?.groupMemberships.some((m) => m.groupType === 'SageSupport') ?? false;
  const enterprises = useEnterprises();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const enterprise: TEnterprise | null =
    enterprises.data?.find((e) => e.id === chosenId) ?? enterprises.data?.[0] ?? null;
  const facilities = useFacilities(enterprise?.id);
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [newCompany, setNewCompany] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const drawers = useDrawers();

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: facilityKeys.all }),
      queryClient.invalidateQueries({ queryKey: enterpriseKeys.all }),
    ]);
  const save = useAdminWrite({
    write: async (values: FacilityFormValues) => {
      const request = toFacilityRequest(values);
      if (editing.mode !== 'edit') return facilitiesApi.create(request);
      const { enterpriseId: _company, ...fields } = request;
      const updated = await facilitiesApi.update(editing.facility.id, {
        ...fields,
        updatedAt: editing.facility.updatedAt,
      });
      return updated.status === values.status ? updated : facilitiesApi.setStatus(updated.id, values.status);
    },
    refresh,
    savedMessage: (facility) => M.saved({ name: facility.name }),
    onSaved: (facility) => {
      setChosenId(facility.enterpriseId);
      setEditing({ mode: 'closed' });
    },
    onStale: () => setEditing({ mode: 'closed' }),
    setFieldErrors: setServerErrors,
    messages: { stale: M.staleWrite(), failed: M.saveFailed() },
  });

  const addCompany = useMutation({
    mutationFn: (name: string) => enterprisesApi.create({ name }),
    onSuccess: async (created) => {
      toast.success(M.saved({ name: created.name }));
      setNewCompany(null);
      setChosenId(created.id);
      await refresh();
    },
    onError: (error) => toast.error(error instanceof Error ? error.message : M.saveFailed()),
  });

  const chooseCompany = () =>
    drawers.open('select-enterprise', {
      initialEnterpriseId: enterprise?.id ?? null,
      onContinue: (chosen: TEnterprise) => setChosenId(chosen.id),
    });

  return (
    <>
      <PageHeader
        title={M.facilities()}
        action={
          editing.mode === 'closed' ? (
            <Button size="md" mih={44} onClick={() => setEditing({ mode: 'add' })} disabled={!enterprise}>
              {M.addFacility()}
            </Button>
          ) : null
        }
      />
      <Box p="md" maw={640} mx="auto">
        <Stack gap="md">
          {enterprises.isPending ? (
            <Loader aria-label={M.loading()} />
          ) : enterprises.isError ? (
            <Alert color="red" title={M.loadFailed()}>
              <Button variant="light" onClick={() => void enterprises.refetch()}>
                {M.retry()}
              </Button>
            </Alert>
          ) : (
            <Paper withBorder p="md" radius="md">
              <Group justify="space-between" wrap="nowrap">
                <Box style={{ minWidth: 0 }}>
                  <Text size="sm" c="dimmed">
                    {M.company()}
                  </Text>
                  <Text fw={600} data-testid="chosen-company">
                    {enterprise?.name ?? M.companiesList()}
                  </Text>
                  {enterprise ? (
                    <Text size="sm">{M.communityCount({ count: enterprise.facilityCount })}</Text>
                  ) : null}
                  {enterprise ? (
                    <CompanyLogo key={enterprise.id} enterpriseId={enterprise.id} canUpload />
                  ) : null}
                </Box>
                <Button variant="light" size="md" mih={44} onClick={chooseCompany} style={{ flexShrink: 0 }}>
                  {M.changeCompany()}
                </Button>
              </Group>
            </Paper>
          )}
          {isProviderSupport ? (
            newCompany === null ? (
              <Button variant="subtle" size="lg" onClick={() => setNewCompany('')}>
                {M.addCompany()}
              </Button>
            ) : (
              <Paper withBorder p="md" radius="md">
                <form
                  noValidate
                  onSubmit={(event) => {
                    event.preventDefault();
                    if (newCompany.trim()) addCompany.mutate(newCompany.trim());
                  }}
                >
                  <Stack gap="sm">
                    <TextInput
                      size="lg"
                      label={M.companyName()}
                      maxLength={120}
                      value={newCompany}
                      onChange={(event) => setNewCompany(event.currentTarget.value)}
                    />
                    <Group grow>
                      <Button
                        type="submit"
                        size="lg"
                        loading={addCompany.isPending}
                        disabled={!newCompany.trim()}
                      >
                        {M.save()}
                      </Button>
                      <Button variant="default" size="lg" onClick={() => setNewCompany(null)}>
                        {M.cancel()}
                      </Button>
                    </Group>
                  </Stack>
                </form>
              </Paper>
            )
          ) : null}
          {editing.mode !== 'closed' ? (
            <FacilityForm
              key={editing.mode === 'edit' ? editing.facility.id : `new-${enterprise?.id ?? ''}`}
              facility={editing.mode === 'edit' ? editing.facility : null}
              enterprise={enterprise}
              saving={save.isPending}
              serverErrors={serverErrors}
              onSave={(values) => save.mutate(values)}
              onCancel={() => {
                setEditing({ mode: 'closed' });
                setServerErrors({});
              }}
            />
          ) : null}
          {!enterprise ? null : facilities.isPending ? (
            <Loader aria-label={M.loading()} />
          ) : facilities.isError ? (
            <Alert color="red" title={M.loadFailed()}>
              <Button variant="light" onClick={() => void facilities.refetch()}>
                {M.retry()}
              </Button>
            </Alert>
          ) : facilities.data.length === 0 ? (
            <Text c="dimmed">{M.noFacilities()}</Text>
          ) : (
            <Stack
              gap="sm"
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label={M.facilities()}
            >
              {facilities.data.map((facility) => (
                <li key={facility.id}>
                  <Paper
                    component="button"
                    type="button"
                    withBorder
                    p="md"
                    radius="md"
                    w="100%"
                    mih={64}
                    style={{ textAlign: 'left', cursor: 'pointer', background: 'white' }}
                    onClick={() => {
                      setServerErrors({});
                      setEditing({ mode: 'edit', facility });
                    }}
                  >
                    <Group justify="space-between" wrap="nowrap">
                      <Text fw={600}>{facility.name}</Text>
                      <Badge color={facility.status === 'ACTIVE' ? 'green' : 'gray'}>
                        {facility.status in FacilityStatus
                          ? M[`status_${facility.status as FacilityStatus}`]()
                          : facility.status}
                      </Badge>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {facility.timezone}
                    </Text>
                  </Paper>
                </li>
              ))}
            </Stack>
          )}
        </Stack>
      </Box>
    </>
  );
}
