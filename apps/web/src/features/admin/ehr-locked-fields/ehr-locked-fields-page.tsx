import { Box, Button, Card, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  AdminMessages,
  EHR_FIELD_LABELS,
  EHR_LOCKABLE_RESIDENT_FIELDS,
  type EhrResourceField,
  type TEhrLockedField,
  ZCreateEhrLockedFieldRequestSchema,
  ZEhrLockedFieldListSchema,
  ZEhrLockedFieldSchema,
} from '@sage/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../shared/api';
import { PageHeader } from '../../../shared/page-header/page-header';
import { toast } from '../../../shared/toast';
import { residentKeys } from '../../residents/residents-api';
import { AdminGuard } from '../admin-guard';
import { MANAGE_ROUTE } from '../admin-shared';
import { schemaErrors, serverFieldErrors } from '../form-rules';

const label = (field: string) => EHR_FIELD_LABELS[field as EhrResourceField] ?? field;
const keys = { list: (facilityId: string) => ['ehrLockedFields', facilityId] as const };

/** /manage/ehr-locked-fields: which resident fields the EHR integration keeps (read-only here; decision 0152). */
export function EhrLockedFieldsPage() {
  return (
    <>
      <PageHeader title={AdminMessages.ehrLockedFields} defaultRoute={MANAGE_ROUTE} />
      <AdminGuard>{({ facilityId }) => <LockedFields facilityId={facilityId} />}</AdminGuard>
    </>
  );
}

function LockedFields({ facilityId }: { facilityId: string }) {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: keys.list(facilityId),
    queryFn: (): Promise<TEhrLockedField[]> =>
      api.get('admin', '/ehrLockedFields', { query: { facilityId }, parse: ZEhrLockedFieldListSchema.parse }),
  });
  const form = useForm<{ ehrProvider: string; resourceField: string | null }>({
    initialValues: { ehrProvider: '', resourceField: null },
    validate: (v) => schemaErrors(ZCreateEhrLockedFieldRequestSchema, { facilityId, ...v }),
  });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: keys.list(facilityId) });
    // Resident replies carry lockedFields.
    await queryClient.invalidateQueries({ queryKey: residentKeys.all });
  };
  const lock = useMutation({
    mutationFn: (v: { ehrProvider: string; resourceField: string | null }) =>
      api.post('admin', '/ehrLockedFields', ZCreateEhrLockedFieldRequestSchema.parse({ facilityId, ...v }), {
        parse: ZEhrLockedFieldSchema.parse,
      }),
    onSuccess: async (saved) => {
      form.reset();
      await refresh();
      toast.success(AdminMessages.fieldLocked(label(saved.resourceField)));
    },
    onError: (error) => {
      form.setErrors(serverFieldErrors(error));
      toast.error(isApiError(error) ? error.message : AdminMessages.saveFailed);
    },
  });
  const unlock = useMutation({
    mutationFn: (l: TEhrLockedField) => api.delete('admin', `/ehrLockedFields/${encodeURIComponent(l.id)}`),
    onSuccess: async (_r, l) => {
      await refresh();
      toast.success(AdminMessages.fieldUnlocked(label(l.resourceField)));
    },
    onError: (error) => toast.error(isApiError(error) ? error.message : AdminMessages.saveFailed),
  });
  return (
    <Box component="main" p="md" maw={640} mx="auto">
      <Stack gap="sm">
        {list.isPending ? (
          <Loader aria-label="Loading" />
        ) : list.isError ? (
          <Text c="red">{list.error.message}</Text>
        ) : list.data.length === 0 ? (
          <Text c="dimmed">{AdminMessages.noLockedFields}</Text>
        ) : (
          <Stack
            gap="xs"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={AdminMessages.ehrLockedFields}
          >
            {list.data.map((l) => (
              <li key={l.id}>
                <Card withBorder padding="sm">
                  <Group justify="space-between" wrap="nowrap">
                    <Stack gap={0}>
                      <Text fw={600}>{label(l.resourceField)}</Text>
                      <Text size="sm" c="dimmed">
                        {l.ehrProvider}
                      </Text>
                    </Stack>
                    <Button variant="subtle" color="red" size="md" onClick={() => unlock.mutate(l)}>
                      {AdminMessages.remove}
                    </Button>
                  </Group>
                </Card>
              </li>
            ))}
          </Stack>
        )}
        <form onSubmit={form.onSubmit((v) => lock.mutate(v))} noValidate>
          <Stack gap="xs">
            <TextInput size="md" label={AdminMessages.ehrProvider} {...form.getInputProps('ehrProvider')} />
            <Select
              size="md"
              label={AdminMessages.ehrField}
              data={EHR_LOCKABLE_RESIDENT_FIELDS.map((value) => ({ value, label: EHR_FIELD_LABELS[value] }))}
              {...form.getInputProps('resourceField')}
            />
            <Button type="submit" size="lg" loading={lock.isPending}>
              {AdminMessages.lockField}
            </Button>
          </Stack>
        </form>
      </Stack>
    </Box>
  );
}
