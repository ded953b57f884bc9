import { Alert, Badge, Box, Button, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TFeature } from '@sage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDrawers } from '../../../shared/drawers';
import { useMessages } from '../../../shared/i18n';
import { PageHeader } from '../../../shared/page-header/page-header';
import { useCurrentFacility } from '../../shift/shift-api';
import { inlineEditorWrites, useAdminWrite } from '../use-admin-write';
import { type FeatureFields, FeatureForm } from './feature-form';
import { featureKeys, featuresApi, useFeatures } from './features-api';
import '../admin-org-messages';

type Editing = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; feature: TFeature };

/** /admin/features: the community's features for management: search, add, edit (on/off, config), delete. */
export function FeaturesPage() {
  const M = useMessages('adminOrg');
  const facility = useCurrentFacility();
  const facilityId = facility.data?.id;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const features = useFeatures(facilityId, debounced);
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const queryClient = useQueryClient();
  const drawers = useDrawers();

  const routine = inlineEditorWrites(
    () => queryClient.invalidateQueries({ queryKey: featureKeys.all }),
    () => setEditing({ mode: 'closed' }),
    setServerErrors,
    { stale: M.staleWrite(), failed: M.saveFailed() },
  );
  const save = useAdminWrite({
    ...routine,
    write: (fields: FeatureFields) =>
      editing.mode === 'edit'
        ? featuresApi.update(editing.feature.id, { ...fields, updatedAt: editing.feature.updatedAt })
        : featuresApi.create({ ...fields, facilityId: facilityId as string }),
    savedMessage: (feature) => M.saved({ name: feature.name }),
  });
  const remove = useAdminWrite({
    ...routine,
    write: (feature: TFeature) => featuresApi.remove(feature.id),
    savedMessage: (_reply, feature) => M.deleted({ name: feature.name }),
  });

  return (
    <>
      <PageHeader
        title={M.features()}
        action={
          editing.mode === 'closed' ? (
            <Button size="md" mih={44} onClick={() => setEditing({ mode: 'add' })} disabled={!facilityId}>
              {M.addFeature()}
            </Button>
          ) : null
        }
      />
      <Box p="md" maw={640} mx="auto">
        <Stack gap="md">
          {editing.mode !== 'closed' ? (
            <FeatureForm
              key={editing.mode === 'edit' ? editing.feature.id : 'new'}
              feature={editing.mode === 'edit' ? editing.feature : null}
              saving={save.isPending || remove.isPending}
              serverErrors={serverErrors}
              onSave={(fields) => save.mutate(fields)}
              onCancel={() => {
                setEditing({ mode: 'closed' });
                setServerErrors({});
              }}
              onDelete={
                editing.mode === 'edit'
                  ? () =>
                      drawers.open('confirmation', {
                        title: M.deleteTitle({ name: editing.feature.name }),
                        text: M.deleteText(),
                        confirmLabel: M.delete(),
                        destructive: true,
                        onConfirm: () => remove.mutateAsync(editing.feature).then(() => undefined),
                      })
                  : undefined
              }
            />
          ) : null}
          <TextInput
            size="lg"
            type="search"
            label={M.search()}
            placeholder={M.searchFeatures()}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          {features.isPending ? (
            <Loader aria-label={M.loading()} />
          ) : features.isError ? (
            <Alert color="red" title={M.loadFailed()}>
              <Button variant="light" onClick={() => void features.refetch()}>
                {M.retry()}
              </Button>
            </Alert>
          ) : features.data.length === 0 ? (
            <Text c="dimmed">{M.noFeatures()}</Text>
          ) : (
            <Stack
              gap="sm"
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label={M.features()}
            >
              {features.data.map((feature) => (
                <li key={feature.id}>
                  <Paper
                    component="button"
                    type="button"
                    withBorder
                    p="md"
                    radius="md"
                    w="100%"
                    mih={64}
                    style={{ textAlign: 'left', cursor: 'pointer', background: 'white' }}
                    aria-label={`${feature.name}, ${feature.isEnabled ? M.featureEnabled() : M.featureDisabled()}`}
                    onClick={() => {
                      setServerErrors({});
                      setEditing({ mode: 'edit', feature });
                    }}
                  >
                    <Group justify="space-between" wrap="nowrap">
                      <Text fw={600} style={{ wordBreak: 'break-all' }}>
                        {feature.name}
                      </Text>
                      <Badge color={feature.isEnabled ? 'green' : 'gray'} size="lg">
                        {feature.isEnabled ? M.featureEnabled() : M.featureDisabled()}
                      </Badge>
                    </Group>
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
