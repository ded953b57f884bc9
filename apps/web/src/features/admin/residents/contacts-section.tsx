import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type TResidentContact,
  type TResidentContactRequestInput,
  type TResidentReply,
  ZResidentContactRequestSchema,
} from '@sage/contract';
import { canEditResidentContacts, canSeeResidentContacts, type Permissions } from '@sage/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../shared/api';
import { useMessages } from '../../../shared/i18n';
import { toast } from '../../../shared/toast';
import { adminApi, adminKeys } from '../admin-api';
import { describedSchemaErrors } from '../field-check';
import { useFieldChecks } from '../field-check-messages';
import { orNull, serverFieldErrors } from '../form-rules';
import './residents-admin-messages';

type Kind = {
  path: 'contacts' | 'specialists' | 'pcp' | 'hospital';
  type: 'CONTACT' | 'SPECIALIST' | 'PRIMARY_CARE_PROVIDER' | 'HOSPITAL';
  /** The section's title (a message of the `residentsAdmin` namespace). */
  title: 'contacts' | 'primaryCareProvider' | 'specialists' | 'hospital';
  /** Lists take several; pcp and hospital are one each (saving replaces it). */
  single: boolean;
  /** The second box: relationship for contacts, specialty for specialists. */
  detail: 'relationship' | 'specialty' | null;
};

const KINDS: Kind[] = [
  { path: 'contacts', type: 'CONTACT', title: 'contacts', single: false, detail: 'relationship' },
  {
    path: 'pcp',
    type: 'PRIMARY_CARE_PROVIDER',
    title: 'primaryCareProvider',
    single: true,
    detail: null,
  },
  {
    path: 'specialists',
    type: 'SPECIALIST',
    title: 'specialists',
    single: false,
    detail: 'specialty',
  },
  { path: 'hospital', type: 'HOSPITAL', title: 'hospital', single: true, detail: null },
];

/** Contacts (PII) and professional contacts (PHI) of a resident, each shown only to those allowed. */
export function ContactsSection({
  resident,
  permissions,
}: {
  resident: TResidentReply;
  permissions: Permissions;
}) {
  const kinds = KINDS.filter((k) => canSeeResidentContacts(k.type, permissions));
  if (!kinds.length) return null;
  return (
    <Stack gap="md" mt="md">
      {kinds.map((kind) => (
        <ContactKind
          key={kind.path}
          residentId={resident.id}
          kind={kind}
          canEdit={canEditResidentContacts(kind.type, permissions)}
        />
      ))}
    </Stack>
  );
}

const contactName = (c: TResidentContact) =>
  [c.firstName, c.lastName].filter(Boolean).join(' ') || c.name || '';

function ContactKind({ residentId, kind, canEdit }: { residentId: string; kind: Kind; canEdit: boolean }) {
  const t = useMessages('residentsAdmin');
  const describe = useFieldChecks();
  const title = t[kind.title]();
  const queryClient = useQueryClient();
  const key = adminKeys.contacts(residentId, kind.path);
  const list = useQuery({
    queryKey: key,
    queryFn: async (): Promise<TResidentContact[]> => {
      if (kind.path === 'pcp' || kind.path === 'hospital') {
        const one = await adminApi.singleContact(residentId, kind.path);
        return one ? [one] : [];
      }
      return adminApi.contacts(residentId, kind.path);
    },
  });
  const form = useForm({
    initialValues: { name: '', detail: '', phoneNumber: '' },
    validate: (v) => {
      const errors = describedSchemaErrors(ZResidentContactRequestSchema, toBody(v), describe);
      return { name: errors.name, detail: errors[kind.detail ?? ''], phoneNumber: errors.phoneNumber };
    },
  });
  const toBody = (v: {
    name: string;
    detail: string;
    phoneNumber: string;
  }): TResidentContactRequestInput => ({
    name: orNull(v.name),
    phoneNumber: orNull(v.phoneNumber),
    ...(kind.detail ? { [kind.detail]: orNull(v.detail) } : {}),
  });
  const add = useMutation({
    mutationFn: (v: { name: string; detail: string; phoneNumber: string }) =>
      kind.path === 'pcp' || kind.path === 'hospital'
        ? adminApi.putSingleContact(residentId, kind.path, ZResidentContactRequestSchema.parse(toBody(v)))
        : adminApi.addContact(residentId, kind.path, ZResidentContactRequestSchema.parse(toBody(v))),
    onSuccess: async () => {
      form.reset();
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      form.setErrors({ name: fields.name, phoneNumber: fields.phoneNumber });
      toast.error(isApiError(error) ? error.message : t.saveFailed());
    },
  });
  const remove = useMutation({
    mutationFn: (contact: TResidentContact) =>
      kind.path === 'pcp' || kind.path === 'hospital'
        ? adminApi.deleteSingleContact(residentId, kind.path)
        : adminApi.deleteContact(residentId, kind.path, contact.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
    onError: (error) => toast.error(isApiError(error) ? error.message : t.saveFailed()),
  });

  return (
    <Paper withBorder p="sm" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {(list.data ?? []).map((c) => (
          <Group key={c.id} justify="space-between" wrap="nowrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {contactName(c)}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {[c.relationship, c.specialty, c.phoneNumber].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
            {canEdit ? (
              <Button
                variant="subtle"
                color="red"
                size="lg"
                style={{ flexShrink: 0 }}
                aria-label={t.removeName({ name: contactName(c) })}
                onClick={() => remove.mutate(c)}
              >
                {t.remove()}
              </Button>
            ) : null}
          </Group>
        ))}
        {canEdit ? (
          <form onSubmit={form.onSubmit((v) => add.mutate(v))} noValidate>
            <Stack gap="xs">
              <TextInput size="lg" label={t.contactName({ kind: title })} {...form.getInputProps('name')} />
              {kind.detail ? (
                <TextInput
                  size="lg"
                  label={kind.detail === 'relationship' ? t.relationship() : t.specialty()}
                  {...form.getInputProps('detail')}
                />
              ) : null}
              <TextInput
                size="lg"
                type="tel"
                label={t.phone()}
                placeholder="+14155550123"
                {...form.getInputProps('phoneNumber')}
              />
              <Button type="submit" size="lg" variant="light" loading={add.isPending}>
                {kind.single && list.data?.length ? t.save() : t.addContact()}
              </Button>
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Paper>
  );
}
