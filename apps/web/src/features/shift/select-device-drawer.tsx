import { Alert, Button, Loader, Radio, Stack, Text, Title } from '@mantine/core';
import {
  OTHER_DEVICE_OPTIONS,
  OTHER_DEVICE_TYPES,
  type TCompanyPhone,
  type TSetOnCallRequest,
} from '@sage/contract';
import { type DeviceSection, deviceDrawerSections } from '@sage/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isApiError } from '../../shared/api';
import { DrawerLayout } from '../../shared/drawers';
import type { DrawerComponentProps } from '../../shared/drawers/drawer-registry';
import { useMessages } from '../../shared/i18n';
import { reportError } from '../../shared/report-error';
import { toast } from '../../shared/toast';
import { shiftApi, shiftKeys } from './shift-api';
import './shift-messages';

/** The sections' and other devices' messages in the `shift` namespace (decision 0630). */
const SECTION_KEYS = {
  availablePhones: 'availablePhones',
  phonesInUse: 'phonesInUse',
  otherDevices: 'otherDevices',
} as const satisfies Record<DeviceSection, string>;
const OTHER_DEVICE_KEYS = { 'Manager Phone': 'managerPhone', Computer: 'computer' } as const;

const phoneChoice = (id: string) => `phone:${id}`;
const otherChoice = (label: (typeof OTHER_DEVICE_OPTIONS)[number]) => `other:${OTHER_DEVICE_TYPES[label]}`;

function toRequest(choice: string): TSetOnCallRequest {
  const [kind, value] = choice.split(':') as [string, string];
  return kind === 'phone'
    ? { isOnCall: true, companyPhoneId: value }
    : { isOnCall: true, deviceType: value as TSetOnCallRequest['deviceType'] };
}

/**
 * 'What device is this?': available community phones, phones in use, other devices (Manager Phone,
 * Computer); management sees 'Other Devices' first. Select puts the person on shift with that device.
 */
export function SelectDeviceDrawer({
  drawer,
  facilityId,
  staffMemberId,
  isManagement,
  onSelected,
}: DrawerComponentProps<'select-device'>) {
  const m = useMessages('shift');
  const queryClient = useQueryClient();
  const devices = useQuery({
    queryKey: shiftKeys.devices(facilityId),
    queryFn: async () => {
      const [phones, onCall] = await Promise.all([
        shiftApi.companyPhones(facilityId),
        shiftApi.onCallStaff(facilityId),
      ]);
      return { phones, onCall };
    },
    retry: false,
  });
  const [choice, setChoice] = useState<string | null>(null);

  useEffect(() => {
    if (devices.error) reportError(devices.error, { where: 'select device: load company phones' });
  }, [devices.error]);

  // Preselect the device the person is on shift with.
  useEffect(() => {
    if (!devices.data || choice !== null) return;
    const mine = devices.data.onCall.find((s) => s.staffMemberId === staffMemberId);
    if (mine?.companyPhoneId) setChoice(phoneChoice(mine.companyPhoneId));
    else if (mine?.deviceType === 'MANAGER_PHONE') setChoice(otherChoice('Manager Phone'));
    else if (mine?.deviceType === 'COMPUTER') setChoice(otherChoice('Computer'));
  }, [devices.data, choice, staffMemberId]);

  const save = useMutation({
    mutationFn: (selected: string) => shiftApi.setOnCall(staffMemberId, facilityId, toRequest(selected)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['staff'] });
      await queryClient.invalidateQueries({ queryKey: shiftKeys.devices(facilityId) });
      drawer.close();
      onSelected?.();
    },
    onError: (error) => {
      reportError(error, { where: 'select device: save' });
      toast.error(isApiError(error) && error.status === 409 ? error.message : m.updateFailed());
    },
  });

  const holderName = (phone: TCompanyPhone) =>
    phone.inUseBy?.staffMemberId === staffMemberId
      ? m.inUseByYou()
      : m.inUseBy({ name: `${phone.inUseBy?.firstName ?? ''} ${phone.inUseBy?.lastName ?? ''}`.trim() });

  const section = (kind: DeviceSection, phones: TCompanyPhone[]) => {
    const options =
      kind === 'otherDevices'
        ? OTHER_DEVICE_OPTIONS.map((label) => (
            <Radio key={label} value={otherChoice(label)} label={m[OTHER_DEVICE_KEYS[label]]()} />
          ))
        : phones
            .filter((p) => (kind === 'availablePhones' ? p.inUseBy === null : p.inUseBy !== null))
            .map((p) => (
              <Radio
                key={p.id}
                value={phoneChoice(p.id)}
                label={p.displayName}
                description={kind === 'phonesInUse' ? holderName(p) : undefined}
              />
            ));
    if (options.length === 0) return null;
    return (
      <Stack key={kind} gap="sm" role="group" aria-label={m[SECTION_KEYS[kind]]()}>
        <Title order={3} fz="md">
          {m[SECTION_KEYS[kind]]()}
        </Title>
        {options}
      </Stack>
    );
  };

  return (
    <DrawerLayout
      drawer={drawer}
      title={m.deviceTitle()}
      actions={
        devices.isError ? (
          <Button fullWidth onClick={() => void devices.refetch()}>
            {m.retry()}
          </Button>
        ) : (
          <Button
            fullWidth
            disabled={!choice || save.isPending}
            loading={save.isPending}
            onClick={() => choice && save.mutate(choice)}
          >
            {m.select()}
          </Button>
        )
      }
    >
      {devices.isPending ? (
        <Loader aria-label={m.loadingDevices()} />
      ) : devices.isError ? (
        <Alert color="red" variant="light" role="alert">
          <Text>{m.phonesLoadFailed()}</Text>
        </Alert>
      ) : (
        <Radio.Group value={choice} onChange={setChoice} aria-label={m.deviceTitle()}>
          <Stack gap="lg">
            {deviceDrawerSections(isManagement).map((kind) => section(kind, devices.data.phones))}
          </Stack>
        </Radio.Group>
      )}
    </DrawerLayout>
  );
}
