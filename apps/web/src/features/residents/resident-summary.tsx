import { Badge, Group, Stack, Text } from '@mantine/core';
import {
  CARE_TYPE_LABELS,
  HOSPICE_STATUS_LABELS,
  RESUSCITATION_STRATEGY_LABELS,
  type TResidentReply,
} from '@sage/contract';
import { ageOn, formatRelativeSeconds, residentFullName, routineCheckChip } from '@sage/domain';
import { useLatestCareActivity } from './residents-api';

/**
 * Name, age, unit with care type, routine-check chip, and code and hospice status (only with PHI access: the
 * API leaves `health` null otherwise).
 */
export function ResidentSummary({ resident }: { resident: TResidentReply }) {
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
          age !== null ? `Age ${age}` : null,
          resident.unit ? `${resident.unit.displayName} · ${CARE_TYPE_LABELS[resident.unit.careType]}` : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      <Group gap="xs">
        <RoutineCheckChip resident={resident} />
        {resident.health ? (
          <>
            <Badge variant="light" color="grape" size="lg" tt="none" aria-label="Code status">
              {RESUSCITATION_STRATEGY_LABELS[resident.health.resuscitationStrategy]}
            </Badge>
            <Badge variant="light" color="teal" bg="teal.0" size="lg" tt="none" aria-label="Hospice status">
              Hospice: {HOSPICE_STATUS_LABELS[resident.health.hospiceStatus]}
            </Badge>
          </>
        ) : null}
      </Group>
    </Stack>
  );
}

/** "Overdue (red) once minutes since last care activity reach the threshold; otherwise 'due in' the remaining time, warning at 25 minutes or fewer." */
function RoutineCheckChip({ resident }: { resident: TResidentReply }) {
  const applies = resident.isRoutineCheckEnabled && resident.routineCheckIntervalInMin !== null;
  const latest = useLatestCareActivity(resident.id, applies);
  if (!applies || latest.isPending || latest.isError) return null;
  const chip = routineCheckChip(
    latest.data?.timeSinceLastCareActivityInMin,
    resident.routineCheckIntervalInMin ?? 0,
  );
  return chip.state === 'overdue' ? (
    <Badge color="red" size="lg" tt="none" aria-label="Routine check">
      Routine check overdue
    </Badge>
  ) : (
    <Badge
      color={chip.warning ? 'orange' : 'gray'}
      variant="light"
      size="lg"
      tt="none"
      aria-label="Routine check"
    >
      Routine check due in {formatRelativeSeconds(chip.remainingMinutes * 60)}
    </Badge>
  );
}
