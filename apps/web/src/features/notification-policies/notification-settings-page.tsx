import { Alert, Box, Button, Loader, NumberInput, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  NOTIFICATION_BLOCK_MAX_FILTERS,
  NOTIFICATION_BLOCK_MAX_MINUTES,
  NOTIFICATION_POLICY_MAX_BLOCKS,
  type TNotificationPolicyForm,
  type TNotificationPolicyReply,
  ZNotificationPolicyFormSchema,
} from '@sage/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../shared/api';
import { preloadMessages, useLanguage, useMessages } from '../../shared/i18n';
import { PageHeader } from '../../shared/page-header/page-header';
import { reportError } from '../../shared/report-error';
import { useSession } from '../../shared/session';
import { toast } from '../../shared/toast';
import { useCareZones, useCurrentFacility, useFacilityStaff, useProfile } from '../shift/shift-api';
import { ClaimReminderField } from './claim-reminder-field';
import { policyApi, policyKeys, useAlertPolicy } from './policy-api';
import { type FacilityChoices, PolicyFilterFields } from './policy-filter-fields';
import {
  anyoneOnShift,
  blockSummary,
  firstPolicyForm,
  formToPatchBody,
  newBlock,
  type PolicyWords,
  policyFieldChecks,
  policyToForm,
  serverIssuesToFormErrors,
} from './policy-form';
import './policies-messages';

const EMPTY_FORM: TNotificationPolicyForm = { notificationBlocks: [] };

/**
 * Group names, staff names and care zone names of the facility, for the filters' plain words. The form waits for
 * them (`pending`): shown before, a filter read "Members of an unknown group" until they came.
 */
function useFacilityNames(facilityId: string | undefined) {
  const staff = useFacilityStaff(facilityId);
  const zones = useCareZones(facilityId);
  const choices = useMemo((): FacilityChoices => {
    const groups = new Map<string, string>();
    const people = new Map<string, string>();
    for (const member of staff.data ?? []) {
      people.set(member.id, `${member.firstName} ${member.lastName}`);
      for (const m of member.groupMemberships)
        if (m.facilityId === facilityId) groups.set(m.groupId, m.groupName);
    }
    const careZones = new Map((zones.data ?? []).map((z) => [z.id, z.name]));
    const byName = (a: [string, string], b: [string, string]) => a[1].localeCompare(b[1]);
    return {
      groups,
      staff: people,
      careZones,
      groupList: [...groups].sort(byName),
      staffList: [...people].sort(byName).map(([value, label]) => ({ value, label })),
      careZoneList: [...careZones].sort(byName),
    };
  }, [staff.data, zones.data, facilityId]);
  return {
    choices,
    pending: staff.isPending || zones.isPending,
    failed: staff.isError || zones.isError,
    refetch: () => Promise.all([staff.refetch(), zones.refetch()]),
  };
}

/**
 * /settings/notifications: the managers' editor of the facility's ALERT notification policy: its steps
 * (blocks) in run order with start after and repeat every in minutes, break-glass, priority and whom they
 * notify; add and remove steps; Save sends the version it was made on, and a 409 reloads the latest version
 * (sign-in doc sections 3, 5, 6, 7; docs/decisions/0067, 0068).
 */
export function NotificationSettingsPage() {
  preloadMessages('policies', 'severity');
  const M = useMessages('policies');
  const severity = useMessages('severity');
  const words: PolicyWords = { m: M, severity: (s) => severity[s]() };
  const language = useLanguage();
  const session = useSession();
  const profile = useProfile(session?.staffMemberId ?? '');
  const facility = useCurrentFacility();
  const facilityId = facility.data?.id;
  const isManagement =
    profile.data?.groupMemberships.some((m) => m.facilityId === facilityId && m.groupType === 'Management') ??
    false;
  const policy = useAlertPolicy(facilityId, isManagement);
  const names = useFacilityNames(isManagement ? facilityId : undefined);
  const queryClient = useQueryClient();
  const [loaded, setLoaded] = useState<TNotificationPolicyReply | null>(null);
  const [stale, setStale] = useState(false);
  // No policy yet and the manager chose to make one: the form shows the first policy, unsaved.
  const [creating, setCreating] = useState(false);
  const staleRef = useRef<HTMLDivElement>(null);
  // The Save button is at the bottom: bring the 409 message into view.
  useEffect(() => {
    if (stale) staleRef.current?.scrollIntoView({ block: 'center' });
  }, [stale]);

  const resolver = schemaResolver(ZNotificationPolicyFormSchema, { sync: true });
  const form = useForm<TNotificationPolicyForm>({
    mode: 'controlled',
    initialValues: EMPTY_FORM,
    validate: (values) => policyFieldChecks(resolver(values), M, language),
    validateInputOnChange: true,
  });

  const show = (p: TNotificationPolicyReply) => {
    const values = policyToForm(p);
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    setLoaded(p);
    setCreating(false);
  };

  const startCreating = () => {
    form.setInitialValues(EMPTY_FORM);
    form.setValues(firstPolicyForm());
    form.clearErrors();
    setCreating(true);
  };

  // The first load (and every reload after a stale save) fills the form.
  useEffect(() => {
    if (policy.data && (loaded === null || policy.data.version !== loaded.version)) show(policy.data);
  }, [policy.data]);

  const save = useMutation({
    mutationFn: (values: TNotificationPolicyForm) => {
      if (!facilityId) throw new Error('No facility');
      if (!loaded) return policyApi.create(facilityId, formToPatchBody(values));
      return policyApi.patch(facilityId, loaded.rid, loaded.version, formToPatchBody(values));
    },
    onSuccess: (saved) => {
      setStale(false);
      show(saved);
      queryClient.setQueryData<TNotificationPolicyReply[]>(policyKeys.list(saved.facilityRid), (old = []) =>
        old.some((p) => p.rid === saved.rid)
          ? old.map((p) => (p.rid === saved.rid ? saved : p))
          : [saved, ...old],
      );
      toast.success(M.saved());
    },
    onError: async (error) => {
      if (isApiError(error) && error.status === 409) {
        setStale(true);
        const fresh = await policy.refetch();
        if (fresh.data) show(fresh.data);
        return;
      }
      if (isApiError(error) && error.status === 400 && error.issues?.length) {
        form.setErrors(policyFieldChecks(serverIssuesToFormErrors(error.issues), M, language));
      }
      reportError(error, { where: 'save notification policy' });
      toast.error(isApiError(error) && error.status === 400 ? error.message : M.saveFailed());
    },
  });

  const blocks = form.getValues().notificationBlocks;
  const dirty = creating || (loaded !== null && form.isDirty());
  const loading = profile.isPending || facility.isPending;

  let content: React.ReactNode;
  if (loading) {
    content = <Loader aria-label={M.loading()} />;
  } else if (profile.isError || facility.isError) {
    content = <LoadFailed onRetry={() => void Promise.all([profile.refetch(), facility.refetch()])} />;
  } else if (!isManagement) {
    content = (
      <Alert color="red" variant="light" role="alert" title={M.notAllowedTitle()}>
        {M.notAllowed()}
      </Alert>
    );
  } else if (policy.isPending || names.pending) {
    content = <Loader aria-label={M.loading()} />;
  } else if (policy.isError || names.failed) {
    content = <LoadFailed onRetry={() => void Promise.all([policy.refetch(), names.refetch()])} />;
  } else if (!creating && (!policy.data || !loaded)) {
    content = (
      <Stack gap="md">
        <Text fw={700}>{M.noPolicy()}</Text>
        <Text>{M.noPolicyHint()}</Text>
        <Button size="lg" fullWidth onClick={startCreating}>
          {M.createPolicy()}
        </Button>
      </Stack>
    );
  } else {
    content = (
      <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
        <Stack gap="lg">
          {stale ? (
            <Alert
              ref={staleRef}
              color="orange"
              variant="light"
              role="alert"
              withCloseButton
              onClose={() => setStale(false)}
            >
              {M.stale()}
            </Alert>
          ) : null}
          <Text>{M.intro()}</Text>
          {blocks.map((block, i) => (
            <Paper
              key={form.key(`notificationBlocks.${i}`)}
              withBorder
              radius="md"
              p="md"
              role="group"
              aria-label={M.step({ n: i + 1 })}
            >
              <Stack gap="md">
                <Stack gap={2}>
                  <Title order={2} fz="h4">
                    {M.step({ n: i + 1 })}
                  </Title>
                  <Text c="dimmed" fz="sm">
                    {blockSummary(block, words)}
                  </Text>
                </Stack>
                <NumberInput
                  size="lg"
                  label={M.startAfter()}
                  min={0}
                  max={NOTIFICATION_BLOCK_MAX_MINUTES}
                  decimalScale={2}
                  allowNegative={false}
                  inputMode="decimal"
                  {...form.getInputProps(`notificationBlocks.${i}.startAfterMinutes`)}
                />
                <NumberInput
                  size="lg"
                  label={M.repeatEvery()}
                  description={M.repeatHint()}
                  min={0}
                  max={NOTIFICATION_BLOCK_MAX_MINUTES}
                  decimalScale={2}
                  allowNegative={false}
                  inputMode="decimal"
                  {...form.getInputProps(`notificationBlocks.${i}.repeatEveryMinutes`)}
                />
                <Switch
                  size="lg"
                  label={M.breakGlass()}
                  description={M.breakGlassHint()}
                  {...form.getInputProps(`notificationBlocks.${i}.isBreakGlass`, { type: 'checkbox' })}
                />
                <NumberInput
                  size="lg"
                  label={M.priority()}
                  description={M.priorityHint()}
                  min={0}
                  max={1000}
                  allowDecimal={false}
                  allowNegative={false}
                  inputMode="numeric"
                  {...form.getInputProps(`notificationBlocks.${i}.priority`)}
                />
                <Stack gap="xs">
                  <Text fw={700}>{M.whoGetsIt()}</Text>
                  {form.errors[`notificationBlocks.${i}.filters`] ? (
                    <Text c="red" fz="sm" role="alert">
                      {form.errors[`notificationBlocks.${i}.filters`]}
                    </Text>
                  ) : null}
                  {block.filters.map((_, j) => (
                    <PolicyFilterFields
                      key={form.key(`notificationBlocks.${i}.filters.${j}`)}
                      form={form}
                      block={i}
                      index={j}
                      choices={names.choices}
                      words={words}
                      removable={block.filters.length > 1}
                    />
                  ))}
                  <Button
                    variant="light"
                    size="md"
                    mih={44}
                    disabled={block.filters.length >= NOTIFICATION_BLOCK_MAX_FILTERS}
                    onClick={() => form.insertListItem(`notificationBlocks.${i}.filters`, anyoneOnShift())}
                  >
                    {M.addFilter()}
                  </Button>
                </Stack>
                <Button
                  variant="default"
                  color="red"
                  size="lg"
                  fullWidth
                  disabled={blocks.length <= 1}
                  onClick={() => form.removeListItem('notificationBlocks', i)}
                >
                  {M.removeStep()}
                </Button>
              </Stack>
            </Paper>
          ))}
          {typeof form.errors.notificationBlocks === 'string' ? (
            <Text c="red" role="alert">
              {form.errors.notificationBlocks}
            </Text>
          ) : null}
          <Button
            variant="light"
            size="lg"
            fullWidth
            disabled={blocks.length >= NOTIFICATION_POLICY_MAX_BLOCKS}
            onClick={() => form.insertListItem('notificationBlocks', newBlock(blocks[blocks.length - 1]))}
          >
            {M.addStep()}
          </Button>
          <Button
            type="submit"
            size="lg"
            fullWidth
            disabled={!dirty || save.isPending}
            loading={save.isPending}
          >
            {M.save()}
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <>
      <PageHeader title={M.title()} confirmBack={dirty} />
      <Box component="main" p="md" maw={640}>
        <Stack gap="lg">
          {content}
          {isManagement && facilityId && !loading ? <ClaimReminderField facilityId={facilityId} /> : null}
        </Stack>
      </Box>
    </>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const M = useMessages('policies');
  return (
    <Alert color="red" variant="light" role="alert">
      <Stack gap="sm">
        <Text>{M.loadFailed()}</Text>
        <Button onClick={onRetry}>{M.retry()}</Button>
      </Stack>
    </Alert>
  );
}
