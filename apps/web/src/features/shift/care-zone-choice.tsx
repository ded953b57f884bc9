import { Alert, Button, Checkbox, Divider, Loader, Stack, Text } from '@mantine/core';
import type { TCareZone, TStaffMember } from '@sage/contract';
import { careZonePreferenceAction, groupCareZones, toggleCareZone } from '@sage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useMessages } from '../../shared/i18n';
import { reportError } from '../../shared/report-error';
import { useSession } from '../../shared/session';
import { toast } from '../../shared/toast';
import classes from './care-zone-choice.module.css';
import { shiftApi, useCareZones, useCurrentFacility, useFacilityStaff, useProfile } from './shift-api';
import './shift-messages';

/** Names of the people on shift in each zone of the facility. */
function onShiftByZone(staff: TStaffMember[], facilityId: string): Map<string, string[]> {
  const byZone = new Map<string, string[]>();
  for (const member of staff) {
    const onShift = member.onCallStates.some((s) => s.facilityId === facilityId && s.isOnCall);
    if (!onShift) continue;
    for (const config of member.staffMemberFacilityConfigs.filter((c) => c.facilityId === facilityId)) {
      for (const zone of config.careZones) {
        byZone.set(zone.id, [...(byZone.get(zone.id) ?? []), `${member.firstName} ${member.lastName}`]);
      }
    }
  }
  return byZone;
}

/** Who confirmed, where: what comes after the choice needs it. */
export interface CareZoneChoiceResult {
  facilityId: string;
  staffMemberId: string;
  isManagement: boolean;
}

export interface CareZoneChoiceProps {
  /** Runs once the zones are saved. */
  onConfirmed: (result: CareZoneChoiceResult) => void;
  onCancel: () => void;
  /** Shown under the buttons once the zones have loaded. */
  footer?: ReactNode;
}

/**
 * 'Working In' (sign-in doc section 2): "checkbox list of care zones, each showing members currently on shift;
 * buttons Confirm Selection and Cancel"; zones of one group go together, groups are alternatives separated by
 * 'OR'; the staff list is refreshed every 5 seconds. Shared by the shift page and the select care zone drawer.
 */
export function CareZoneChoice({ onConfirmed, onCancel, footer }: CareZoneChoiceProps) {
  const m = useMessages('shift');
  const session = useSession();
  const staffMemberId = session?.staffMemberId ?? '';
  const queryClient = useQueryClient();
  const profile = useProfile(staffMemberId);
  const facility = useCurrentFacility();
  const facilityId = facility.data?.id;
  const zones = useCareZones(facilityId);
  const staff = useFacilityStaff(facilityId);
  const [picked, setPicked] = useState<string[] | null>(null);

  const config = profile.data?.staffMemberFacilityConfigs.find((c) => c.facilityId === facilityId) ?? null;
  const saved = useMemo(() => config?.careZones.map((z) => z.id) ?? [], [config]);
  const selected = picked ?? saved;
  const groups = useMemo(() => groupCareZones(zones.data ?? []), [zones.data]);
  const onShift = useMemo(() => onShiftByZone(staff.data ?? [], facilityId ?? ''), [staff.data, facilityId]);
  const isManagement =
    profile.data?.groupMemberships.some((m) => m.facilityId === facilityId && m.groupType === 'Management') ??
    false;

  const confirm = useMutation({
    mutationFn: async () => {
      if (!facilityId) return;
      const body = { careZoneIds: selected, facilityId, staffMemberId };
      const action = careZonePreferenceAction(config ? { careZoneIds: saved } : null, selected);
      if (action === 'create') await shiftApi.createFacilityConfig(body);
      if (action === 'update' && config) await shiftApi.updateFacilityConfig(config.id, body);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['staff'] });
      if (!facilityId) return;
      onConfirmed({ facilityId, staffMemberId, isManagement });
    },
    onError: (error) => {
      reportError(error, { where: 'care zone preference' });
      toast.error(m.updateFailed());
    },
  });

  const loading = profile.isPending || facility.isPending || (Boolean(facilityId) && zones.isPending);
  const failed = profile.isError || facility.isError || zones.isError;

  const zoneOption = (zone: TCareZone) => {
    const names = onShift.get(zone.id) ?? [];
    return (
      <Checkbox
        key={zone.id}
        value={zone.id}
        label={zone.name}
        description={names.length ? m.onShift({ names: names.join(', ') }) : m.noOneOnShift()}
        checked={selected.includes(zone.id)}
        onChange={() => setPicked(toggleCareZone(zones.data ?? [], selected, zone.id))}
      />
    );
  };

  if (loading) return <Loader aria-label={m.loading()} />;
  if (failed) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Stack gap="sm">
          <Text>{m.updateFailed()}</Text>
          <Button
            onClick={() => {
              void profile.refetch();
              void facility.refetch();
              void zones.refetch();
            }}
          >
            {m.retry()}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <Stack gap="md" role="group" aria-label={m.title()}>
        {groups.map((group, index) => (
          <Stack key={group[0]?.id ?? index} gap="md">
            {index > 0 ? <Divider label={m.separator()} labelPosition="center" /> : null}
            {group.map(zoneOption)}
          </Stack>
        ))}
      </Stack>
      {/* Kept on the screen however many zones there are (issue #32: six put them below it). */}
      <Stack gap="sm" className={classes.actions}>
        <Button
          fullWidth
          disabled={selected.length === 0 || confirm.isPending}
          loading={confirm.isPending}
          onClick={() => confirm.mutate()}
        >
          {m.confirmSelection()}
        </Button>
        <Button fullWidth variant="default" onClick={onCancel}>
          {m.cancel()}
        </Button>
      </Stack>
      {footer}
    </Stack>
  );
}
