import { Anchor, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  CARE_TYPE_ABBREVIATIONS,
  CARE_TYPE_LABELS,
  DEVICE_TYPE_LABELS,
  EmptyStateMessages,
  type TUnitDetailReply,
  type TUnitDevice,
} from '@sage/contract';
import { batteryStatus, formatTimeSince, residentFullName } from '@sage/domain';
import { type DrawerControls, DrawerLayout, useDrawers } from '../../shared/drawers';
import { useUnit } from './units-api';

export interface UnitDetailDrawerProps {
  unitId: string;
}

/** Texts the spec does not give (docs/decisions/0076). */
export const UnitDetailTexts = {
  title: 'Unit',
  residents: 'Residents',
  devices: 'Devices',
  noDevices: 'No devices in this unit',
  notSet: '—',
  call: 'Call',
} as const;

/**
 * Unit detail (drawer 16): display name, care type, ward, building, wing, floor, phone, the residents living
 * there (a tap opens the resident's details) and the devices of the unit and of its residents.
 */
export function UnitDetailDrawer({ drawer, unitId }: UnitDetailDrawerProps & { drawer: DrawerControls }) {
  const unit = useUnit(unitId);
  return (
    <DrawerLayout
      drawer={drawer}
      title={unit.data?.displayName ?? UnitDetailTexts.title}
      actions={
        <Button size="lg" fullWidth variant="default" onClick={drawer.close}>
          Close
        </Button>
      }
    >
      {unit.isPending ? (
        <Loader aria-label="Loading" />
      ) : unit.isError ? (
        <Text c="red">{unit.error.message}</Text>
      ) : (
        <UnitDetail unit={unit.data} drawer={drawer} />
      )}
    </DrawerLayout>
  );
}

function UnitDetail({ unit, drawer }: { unit: TUnitDetailReply; drawer: DrawerControls }) {
  const drawers = useDrawers();
  const abbreviation = CARE_TYPE_ABBREVIATIONS[unit.careType];
  const place: [string, string | null][] = [
    ['Ward', unit.ward],
    ['Building', unit.building],
    ['Wing', unit.wing],
    ['Floor', unit.floor],
  ];
  const ownerOf = (device: TUnitDevice) => unit.currentOccupants.find((r) => r.id === device.residentId);
  return (
    <Stack gap="md" mah="60dvh" style={{ overflowY: 'auto' }}>
      <Group gap="xs">
        <Text fw={600}>{CARE_TYPE_LABELS[unit.careType]}</Text>
        {abbreviation ? (
          <Badge variant="light" tt="none">
            {abbreviation}
          </Badge>
        ) : null}
      </Group>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
        {place.map(([label, value]) => (
          <div key={label}>
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text fw={600}>{value || UnitDetailTexts.notSet}</Text>
          </div>
        ))}
      </SimpleGrid>
      <div>
        <Text size="sm" c="dimmed">
          Phone
        </Text>
        {unit.phoneNumber ? (
          <Anchor
            href={`tel:${unit.phoneNumber}`}
            fw={600}
            aria-label={`${UnitDetailTexts.call} ${unit.displayName}`}
          >
            {unit.phoneNumber}
          </Anchor>
        ) : (
          <Text fw={600}>{UnitDetailTexts.notSet}</Text>
        )}
      </div>

      <Stack gap="xs" component="section" aria-label={UnitDetailTexts.residents}>
        <Title order={3} fz="h5">
          {UnitDetailTexts.residents}
        </Title>
        {unit.currentOccupants.length === 0 ? (
          <Text c="dimmed">{EmptyStateMessages.noResidentsInUnit}</Text>
        ) : (
          unit.currentOccupants.map((resident) => (
            <Button
              key={resident.id}
              size="lg"
              variant="light"
              fullWidth
              justify="space-between"
              rightSection={<span aria-hidden>›</span>}
              onClick={() => {
                drawer.close();
                drawers.open('resident-details', { residentId: resident.id });
              }}
            >
              {residentFullName(resident)}
            </Button>
          ))
        )}
      </Stack>

      <Stack gap="xs" component="section" aria-label={UnitDetailTexts.devices}>
        <Title order={3} fz="h5">
          {UnitDetailTexts.devices}
        </Title>
        {unit.devices.length === 0 ? (
          <Text c="dimmed">{UnitDetailTexts.noDevices}</Text>
        ) : (
          unit.devices.map((device) => (
            <DeviceRow key={device.allocationId} device={device} owner={ownerOf(device)} />
          ))
        )}
      </Stack>
    </Stack>
  );
}

function DeviceRow({
  device,
  owner,
}: {
  device: TUnitDevice;
  owner: TUnitDetailReply['currentOccupants'][number] | undefined;
}) {
  const battery = batteryStatus(device.type, device.batteryLevel);
  const name =
    device.displayName ??
    (owner
      ? `${residentFullName(owner)}'s pendant`
      : device.isCheckIn
        ? 'Check-In button'
        : device.hardwareId);
  return (
    <Card withBorder padding="xs" radius="md">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div>
          <Text fw={600}>{name}</Text>
          <Text size="sm" c="dimmed">
            {[
              DEVICE_TYPE_LABELS[device.type],
              device.lastPressTimestamp
                ? `pressed ${formatTimeSince(device.lastPressTimestamp, Date.now())} ago`
                : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </div>
        <Badge
          color={battery === 'low' ? 'red' : battery === 'ok' ? 'green' : 'gray'}
          variant="light"
          tt="none"
          aria-label="Battery"
        >
          {battery === 'unknown' ? 'Battery unknown' : `${device.batteryLevel}%`}
        </Badge>
      </Group>
    </Card>
  );
}
