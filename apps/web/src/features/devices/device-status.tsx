import { Badge, Group, Text } from '@mantine/core';
import { BatteryStatus, type DeviceType } from '@sage/contract';
import { batteryStatus } from '@sage/domain';
import { useMessages } from '../../shared/i18n';
import { useTimeSince } from './use-time-since';
import './pendants-messages';

/**
 * Battery level with its warning: "pendant low under 20, other devices under 80; unknown when -1 or missing". In
 * the reader's language (decision 0750).
 */
export function BatteryBadge({ type, level }: { type: DeviceType; level: number | null | undefined }) {
  const m = useMessages('pendants');
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
export function LastPress({ timestamp }: { timestamp: number | null | undefined }) {
  const m = useMessages('pendants');
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
  return (
    <Group gap="xs" wrap="wrap">
      <BatteryBadge type={type} level={level} />
      <LastPress timestamp={lastPress} />
    </Group>
  );
}
