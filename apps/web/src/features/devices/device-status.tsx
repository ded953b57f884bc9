import { Badge, Group, Text } from '@mantine/core';
import { BatteryStatus, type DeviceType } from '@sage/contract';
import { batteryStatus } from '@sage/domain';
import { type Messages, useMessages } from '../../shared/i18n';
import './device-admin-messages';
import { useTimeSince } from './use-time-since';

type AllocationMessages = Messages<'deviceAllocation'>;

/**
 * Battery level with its warning: "pendant low under 20, other devices under 80; unknown when -1 or missing".
 * `m`: the reader's `deviceAllocation` messages.
 */
export function BatteryBadge({
  type,
  level,
  m,
}: {
  type: DeviceType;
  level: number | null | undefined;
  m: AllocationMessages;
}) {
  const status = batteryStatus(type, level);
  if (status === BatteryStatus.UNKNOWN) {
    return (
      <Badge color="gray" variant="light" size="lg" data-battery="unknown">
        {m.batteryUnknown()}
      </Badge>
    );
  }
  const text = m.battery({ level: level ?? 0 });
  return status === BatteryStatus.LOW ? (
    <Badge color="red" variant="filled" size="lg" data-battery="low">
      {m.batteryLow()} · {text}
    </Badge>
  ) : (
    <Badge color="green" variant="light" size="lg" data-battery="ok">
      {text}
    </Badge>
  );
}

/** 'Last press 5m ago' (refreshing per the spec's cadence) or 'Never pressed'. */
export function LastPress({ timestamp, m }: { timestamp: number | null | undefined; m: AllocationMessages }) {
  const since = useTimeSince(timestamp);
  return (
    <Text size="sm" c="dimmed">
      {since === null ? m.neverPressed() : m.lastPress({ since })}
    </Text>
  );
}

export function DeviceStatusLine({
  type,
  level,
  lastPress,
}: {
  type: DeviceType;
  level: number | null | undefined;
  lastPress: number | null | undefined;
}) {
  const m = useMessages('deviceAllocation');
  return (
    <Group gap="xs" wrap="wrap">
      <BatteryBadge type={type} level={level} m={m} />
      <LastPress timestamp={lastPress} m={m} />
    </Group>
  );
}
