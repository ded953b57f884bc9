import { Badge, Group, Stack, Text } from '@mantine/core';
import type { TResidentReply } from '@sage/contract';
import { ageOn, formatRelativeSeconds, residentFullName, routineCheckChip } from '@sage/domain';
import { useMessages } from '../../shared/i18n';
import { useLatestCareActivity } from './residents-api';
import './residents-messages';

/**
 * Name, age, unit with care type, routine-check chip, and code and hospice status (only with PHI access: the
 * API leaves `health` null otherwise).
 */
export function ResidentSummary({ resident }: { resident: TResidentReply }) {
  const m = useMessages('residents');
  const age = ageOn(resident.dateOfBirth, new Date());
  return (
    <Stack gap={6}>
      <Text fw={700} fz="xl">
        {residentFullName(resident)}
        {resident.preferredName ? (
          <Text span c="dimmed" fz="md">
            {' '}
            ({resident.preferredName})
          </Text>
        ) : null}
      </Text>
      <Text>
        {[
          age !== null ? m.age({ age }) : null,
          resident.unit
            ? `${resident.unit.displayName} · ${m[`careType_${resident.unit.careType}`]()}`
            : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      <Group gap="xs">
        <RoutineCheckChip resident={resident} />
        {resident.health ? (
          <>
            <Badge variant="light" color="grape" size="lg" tt="none" aria-label={m.codeStatus()}>
              {m[`code_${resident.health.resuscitationStrategy}`]()}
            </Badge>
            <Badge
              variant="light"
              color="teal"
              bg="teal.0"
              size="lg"
              tt="none"
              aria-label={m.hospiceStatus()}
            >
              {m.hospice({ status: m[`hospice_${resident.health.hospiceStatus}`]() })}
            </Badge>
          </>
        ) : null}
      </Group>
    </Stack>
  );
}

/** "Overdue (red) once minutes since last care activity reach the threshold; otherwise 'due in' the remaining time, warning at 25 minutes or fewer." */
function RoutineCheckChip({ resident }: { resident: TResidentReply }) {
  const m = useMessages('residents');
  const applies = resident.isRoutineCheckEnabled && resident.routineCheckIntervalInMin !== null;
  const latest = useLatestCareActivity(resident.id, applies);
  if (!applies || latest.isPending || latest.isError) return null;
  const chip = routineCheckChip(
    latest.data?.timeSinceLastCareActivityInMin,
    resident.routineCheckIntervalInMin ?? 0,
  );
  return chip.state === 'overdue' ? (
    <Badge color="red" size="lg" tt="none" aria-label={m.routineCheck()}>
      {m.routineCheckOverdue()}
    </Badge>
  ) : (
    <Badge
      color={chip.warning ? 'orange' : 'gray'}
      variant="light"
      size="lg"
      tt="none"
      aria-label={m.routineCheck()}
    >
      {m.routineCheckDueIn({ time: formatRelativeSeconds(chip.remainingMinutes * 60) })}
    </Badge>
  );
}
