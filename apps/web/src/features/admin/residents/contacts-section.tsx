import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  AdminMessages,
  type TResidentContact,
  type TResidentContactRequestInput,
  type TResidentReply,
  ZResidentContactRequestSchema,
} from '@sage/contract';
import { canEditResidentContacts, canSeeResidentContacts, type Permissions } from '@sage/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../shared/api';
import { toast } from '../../../shared/toast';
import { adminApi, adminKeys } from '../admin-api';
import { orNull, schemaErrors, serverFieldErrors } from '../form-rules';

type Kind = {
  path: 'contacts' | 'specialists' | 'pcp' | 'hospital';
  type: 'CONTACT' | 'SPECIALIST' | 'PRIMARY_CARE_PROVIDER' | 'HOSPITAL';
  title: string;
  /** Lists take several; pcp and hospital are one each (saving replaces it). */
  single: boolean;
  /** The second box: relationship for contacts, specialty for specialists. */
  detail: 'relationship' | 'specialty' | null;
};

const KINDS: Kind[] = [
  { path: 'contacts', type: 'CONTACT', title: AdminMessages.contacts, single: false, detail: 'relationship' },
  {
    path: 'pcp',
    type: 'PRIMARY_CARE_PROVIDER',
    title: AdminMessages.primaryCareProvider,
    single: true,
    detail: null,
  },
  {
    path: 'specialists',
    type: 'SPECIALIST',
    title: AdminMessages.specialists,
    single: false,
    detail: 'specialty',
  },
  { path: 'hospital', type: 'HOSPITAL', title: AdminMessages.hospital, single: true, detail: null },
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
      const errors = schemaErrors(ZResidentContactRequestSchema, toBody(v));
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
      toast.error(isApiError(error) ? error.message : AdminMessages.saveFailed);
    },
  });
  const remove = useMutation({
    mutationFn: (contact: TResidentContact) =>
      kind.path === 'pcp' || kind.path === 'hospital'
        ? adminApi.deleteSingleContact(residentId, kind.path)
        : adminApi.deleteContact(residentId, kind.path, contact.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
    onError: (error) => toast.error(isApiError(error) ? error.message : AdminMessages.saveFailed),
  });

  return (
    <Paper withBorder p="sm" component="section" aria-label={kind.title}>
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {kind.title}
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
                size="md"
                style={{ flexShrink: 0 }}
                aria-label={`${AdminMessages.remove} ${contactName(c)}`}
                onClick={() => remove.mutate(c)}
              >
                {AdminMessages.remove}
              </Button>
            ) : null}
          </Group>
        ))}
        {canEdit ? (
          <form onSubmit={form.onSubmit((v) => add.mutate(v))} noValidate>
            <Stack gap="xs">
              <TextInput size="md" label={`${kind.title}: name`} {...form.getInputProps('name')} />
              {kind.detail ? (
                <TextInput
                  size="md"
                  label={kind.detail === 'relationship' ? 'Relationship' : 'Specialty'}
                  {...form.getInputProps('detail')}
                />
              ) : null}
              <TextInput
                size="md"
                type="tel"
                label="Phone"
                placeholder="+14155550123"
                {...form.getInputProps('phoneNumber')}
              />
              <Button type="submit" size="md" variant="light" loading={add.isPending}>
                {kind.single && list.data?.length ? AdminMessages.save : AdminMessages.addContact}
              </Button>
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Paper>
  );
}
