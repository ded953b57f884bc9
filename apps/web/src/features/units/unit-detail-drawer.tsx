import { Anchor, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CARE_TYPE_ABBREVIATIONS, type TUnitDetailReply, type TUnitDevice } from '@sage/contract';
import { batteryStatus, formatTimeSince, residentFullName } from '@sage/domain';
import { type DrawerControls, DrawerLayout, useDrawers } from '../../shared/drawers';
import { useMessages } from '../../shared/i18n';
import { useUnit } from './units-api';
import '../admin/care-type-messages';
import './units-messages';

export interface UnitDetailDrawerProps {
  unitId: string;
}

/** A value not set: a dash, in every language. */
const NOT_SET = '—';

/**
 * Unit detail (drawer 16): display name, care type, ward, building, wing, floor, phone, the residents living
 * there (a tap opens the resident's details) and the devices of the unit and of its residents.
 */
export function UnitDetailDrawer({ drawer, unitId }: UnitDetailDrawerProps & { drawer: DrawerControls }) {
  const unit = useUnit(unitId);
  const m = useMessages('units');
  return (
    <DrawerLayout
      drawer={drawer}
      title={unit.data?.displayName ?? m.title()}
      backLabel={m.back()}
      actions={
        <Button size="lg" fullWidth variant="default" onClick={drawer.close}>
          {m.close()}
        </Button>
      }
    >
      {unit.isPending ? (
        <Loader aria-label={m.loading()} />
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
  const m = useMessages('units');
  const careType = useMessages('careType');
  const abbreviation = CARE_TYPE_ABBREVIATIONS[unit.careType];
  const place: [string, string | null][] = [
    [m.ward(), unit.ward],
    [m.building(), unit.building],
    [m.wing(), unit.wing],
    [m.floor(), unit.floor],
  ];
  const ownerOf = (device: TUnitDevice) => unit.currentOccupants.find((r) => r.id === device.residentId);
  return (
    <Stack gap="md" mah="60dvh" style={{ overflowY: 'auto' }}>
      <Group gap="xs">
        <Text fw={600}>{careType[unit.careType]()}</Text>
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
            <Text fw={600}>{value || NOT_SET}</Text>
          </div>
        ))}
      </SimpleGrid>
      <div>
        <Text size="sm" c="dimmed">
          {m.phone()}
        </Text>
        {unit.phoneNumber ? (
          <Anchor href={`tel:${unit.phoneNumber}`} fw={600} aria-label={m.call({ unit: unit.displayName })}>
            {unit.phoneNumber}
          </Anchor>
        ) : (
          <Text fw={600}>{NOT_SET}</Text>
        )}
      </div>

      <Stack gap="xs" component="section" aria-label={m.residents()}>
        <Title order={3} fz="h5">
          {m.residents()}
        </Title>
        {unit.currentOccupants.length === 0 ? (
          <Text c="dimmed">{m.noResidents()}</Text>
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

      <Stack gap="xs" component="section" aria-label={m.devices()}>
        <Title order={3} fz="h5">
          {m.devices()}
        </Title>
        {unit.devices.length === 0 ? (
          <Text c="dimmed">{m.noDevices()}</Text>
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
  const m = useMessages('units');
  const battery = batteryStatus(device.type, device.batteryLevel);
  const name =
    device.displayName ??
    (owner
      ? m.pendantOf({ name: residentFullName(owner) })
      : device.isCheckIn
        ? m.checkInButton()
        : device.hardwareId);
  return (
    <Card withBorder padding="xs" radius="md">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div>
          <Text fw={600}>{name}</Text>
          <Text size="sm" c="dimmed">
            {[
              m[`deviceType_${device.type}`](),
              device.lastPressTimestamp
                ? m.pressedAgo({ time: formatTimeSince(device.lastPressTimestamp, Date.now()) })
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
          aria-label={m.battery()}
        >
          {battery === 'unknown' ? m.batteryUnknown() : `${device.batteryLevel}%`}
        </Badge>
      </Group>
    </Card>
  );
}
