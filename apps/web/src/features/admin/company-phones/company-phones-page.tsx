import { Alert, Box, Button, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TCompanyPhoneDetail } from '@sage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDrawers } from '../../../shared/drawers';
import { useMessages } from '../../../shared/i18n';
import { PageHeader } from '../../../shared/page-header/page-header';
import { useCurrentFacility } from '../../shift/shift-api';
import { inlineEditorWrites, useAdminWrite } from '../use-admin-write';
import { CompanyPhoneForm } from './company-phone-form';
import { companyPhoneKeys, companyPhonesApi, useCompanyPhones } from './company-phones-api';
import '../admin-org-messages';

type Editing = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; phone: TCompanyPhoneDetail };

/**
 * /admin/company-phones: the community's company phones for management: search by name or number, add,
 * edit, delete (a phone in use on shift cannot be deleted: the server's 409 is shown).
 */
export function CompanyPhonesPage() {
  const M = useMessages('adminOrg');
  const facility = useCurrentFacility();
  const facilityId = facility.data?.id;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const phones = useCompanyPhones(facilityId, debounced);
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const queryClient = useQueryClient();
  const drawers = useDrawers();

  const routine = inlineEditorWrites(
    () => queryClient.invalidateQueries({ queryKey: companyPhoneKeys.all }),
    () => setEditing({ mode: 'closed' }),
    setServerErrors,
    { stale: M.staleWrite(), failed: M.saveFailed() },
  );
  const save = useAdminWrite({
    ...routine,
    write: (fields: { displayName: string; phoneNumber: string }) =>
      editing.mode === 'edit'
        ? companyPhonesApi.update(editing.phone.id, { ...fields, updatedAt: editing.phone.updatedAt })
        : companyPhonesApi.create({ ...fields, facilityId: facilityId as string }),
    savedMessage: (phone) => M.saved({ name: phone.displayName }),
  });
  const remove = useAdminWrite({
    ...routine,
    write: (phone: TCompanyPhoneDetail) => companyPhonesApi.remove(phone.id),
    savedMessage: (_reply, phone) => M.deleted({ name: phone.displayName }),
  });

  const confirmDelete = (phone: TCompanyPhoneDetail) =>
    drawers.open('confirmation', {
      title: M.deleteTitle({ name: phone.displayName }),
      text: M.deleteText(),
      confirmLabel: M.delete(),
      destructive: true,
      onConfirm: () => remove.mutateAsync(phone).then(() => undefined),
    });

  return (
    <>
      <PageHeader
        title={M.companyPhones()}
        action={
          editing.mode === 'closed' ? (
            <Button size="md" mih={44} onClick={() => setEditing({ mode: 'add' })} disabled={!facilityId}>
              {M.addPhoneAction()}
            </Button>
          ) : null
        }
      />
      <Box p="md" maw={640} mx="auto">
        <Stack gap="md">
          {editing.mode !== 'closed' ? (
            <CompanyPhoneForm
              key={editing.mode === 'edit' ? editing.phone.id : 'new'}
              phone={editing.mode === 'edit' ? editing.phone : null}
              saving={save.isPending || remove.isPending}
              serverErrors={serverErrors}
              onSave={(fields) => save.mutate(fields)}
              onCancel={() => {
                setEditing({ mode: 'closed' });
                setServerErrors({});
              }}
              onDelete={editing.mode === 'edit' ? () => confirmDelete(editing.phone) : undefined}
            />
          ) : null}
          <TextInput
            size="lg"
            type="search"
            label={M.search()}
            placeholder={M.searchPhones()}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          {phones.isPending ? (
            <Loader aria-label={M.loading()} />
          ) : phones.isError ? (
            <Alert color="red" title={M.loadFailed()}>
              <Button variant="light" onClick={() => void phones.refetch()}>
                {M.retry()}
              </Button>
            </Alert>
          ) : phones.data.length === 0 ? (
            <Text c="dimmed">{M.noCompanyPhones()}</Text>
          ) : (
            <Stack
              gap="sm"
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label={M.companyPhones()}
            >
              {phones.data.map((phone) => (
                <li key={phone.id}>
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
                      setEditing({ mode: 'edit', phone });
                    }}
                  >
                    <Text fw={600}>{phone.displayName}</Text>
                    <Text size="sm">{phone.phoneNumber}</Text>
                    <Text size="sm" c={phone.inUseBy ? 'orange.9' : 'dimmed'}>
                      {phone.inUseBy
                        ? M.inUseBy({ name: `${phone.inUseBy.firstName} ${phone.inUseBy.lastName}` })
                        : M.available()}
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
