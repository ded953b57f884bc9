import { Box, Button, Card, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  EHR_LOCKABLE_RESIDENT_FIELDS,
  type EhrResourceField,
  type TEhrLockedField,
  ZCreateEhrLockedFieldRequestSchema,
  ZEhrLockedFieldListSchema,
  ZEhrLockedFieldSchema,
} from '@sage/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../shared/api';
import { type Messages, useMessages } from '../../../shared/i18n';
import { PageHeader } from '../../../shared/page-header/page-header';
import { toast } from '../../../shared/toast';
import { residentKeys } from '../../residents/residents-api';
import { AdminGuard } from '../admin-guard';
import '../admin-pages-messages';
import { MANAGE_ROUTE } from '../admin-shared';
import { describedSchemaErrors } from '../field-check';
import { useFieldChecks } from '../field-check-messages';
import { serverFieldErrors } from '../form-rules';

/** A lockable field's name in the reader's language ('resident.firstName' is `field_firstName`). */
const label = (field: string, m: Messages<'adminPages'>) =>
  (EHR_LOCKABLE_RESIDENT_FIELDS as readonly string[]).includes(field)
    ? m[`field_${(field as EhrResourceField).replace('resident.', '') as FieldKey}`]()
    : field;
type FieldKey = EhrResourceField extends `resident.${infer K}` ? K : never;
const keys = { list: (facilityId: string) => ['ehrLockedFields', facilityId] as const };

/** /manage/ehr-locked-fields: which resident fields the EHR integration keeps (read-only here; decision 0152). */
export function EhrLockedFieldsPage() {
  const m = useMessages('adminPages');
  return (
    <>
      <PageHeader title={m.ehrLockedFields()} defaultRoute={MANAGE_ROUTE} />
      <AdminGuard>{({ facilityId }) => <LockedFields facilityId={facilityId} />}</AdminGuard>
    </>
  );
}

function LockedFields({ facilityId }: { facilityId: string }) {
  const queryClient = useQueryClient();
  const m = useMessages('adminPages');
  const list = useQuery({
    queryKey: keys.list(facilityId),
    queryFn: (): Promise<TEhrLockedField[]> =>
      api.get('admin', '/ehrLockedFields', { query: { facilityId }, parse: ZEhrLockedFieldListSchema.parse }),
  });
  // Field checks in the reader's language (decision 0780).
  const describe = useFieldChecks();
  const form = useForm<{ ehrProvider: string; resourceField: string | null }>({
    initialValues: { ehrProvider: '', resourceField: null },
    validate: (v) =>
      describedSchemaErrors(ZCreateEhrLockedFieldRequestSchema, { facilityId, ...v }, describe),
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
      toast.success(m.fieldLocked({ field: label(saved.resourceField, m) }));
    },
    onError: (error) => {
      form.setErrors(serverFieldErrors(error));
      toast.error(isApiError(error) ? error.message : m.saveFailed());
    },
  });
  const unlock = useMutation({
    mutationFn: (l: TEhrLockedField) => api.delete('admin', `/ehrLockedFields/${encodeURIComponent(l.id)}`),
    onSuccess: async (_r, l) => {
      await refresh();
      toast.success(m.fieldUnlocked({ field: label(l.resourceField, m) }));
    },
    onError: (error) => toast.error(isApiError(error) ? error.message : m.saveFailed()),
  });
  return (
    <Box component="main" p="md" maw={640} mx="auto">
      <Stack gap="sm">
        {list.isPending ? (
          <Loader aria-label={m.loading()} />
        ) : list.isError ? (
          <Text c="red">{list.error.message}</Text>
        ) : list.data.length === 0 ? (
          <Text c="dimmed">{m.noLockedFields()}</Text>
        ) : (
          <Stack
            gap="xs"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={m.ehrLockedFields()}
          >
            {list.data.map((l) => (
              <li key={l.id}>
                <Card withBorder padding="sm">
                  <Group justify="space-between" wrap="nowrap">
                    <Stack gap={0}>
                      <Text fw={600}>{label(l.resourceField, m)}</Text>
                      <Text size="sm" c="dimmed">
                        {l.ehrProvider}
                      </Text>
                    </Stack>
                    <Button variant="subtle" color="red" size="md" mih={44} onClick={() => unlock.mutate(l)}>
                      {m.remove()}
                    </Button>
                  </Group>
                </Card>
              </li>
            ))}
          </Stack>
        )}
        <form onSubmit={form.onSubmit((v) => lock.mutate(v))} noValidate>
          <Stack gap="xs">
            <TextInput size="lg" label={m.ehrProvider()} {...form.getInputProps('ehrProvider')} />
            <Select
              size="lg"
              label={m.ehrField()}
              data={EHR_LOCKABLE_RESIDENT_FIELDS.map((value) => ({ value, label: label(value, m) }))}
              {...form.getInputProps('resourceField')}
            />
            <Button type="submit" size="lg" loading={lock.isPending}>
              {m.lockField()}
            </Button>
          </Stack>
        </form>
      </Stack>
    </Box>
  );
}
