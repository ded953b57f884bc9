import { Switch } from '@mantine/core';
import {
  CARE_ASSIGNMENT_TOAST_MS,
  staffFacilityPreferencePath,
  type TResidentReply,
  ZStaffFacilityPreferenceSchema,
} from '@sage/contract';
import { isPinnable, isPinned, togglePinned } from '@sage/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api';
import { useMessages } from '../../shared/i18n';
import { reportError } from '../../shared/report-error';
import { useSession } from '../../shared/session';
import { toast } from '../../shared/toast';

const preferenceKey = (staffMemberId: string, facilityId: string) =>
  ['staffFacilityPreference', staffMemberId, facilityId] as const;

/**
 * The care-assignment switch of the resident drawer: pins the resident to my care assignment ("only while
 * neither on hold nor archived"). Success toasts last 2 s; a failure is logged only.
 */
export function CareAssignmentSwitch({ resident }: { resident: TResidentReply }) {
  const m = useMessages('residents');
  const queryClient = useQueryClient();
  const me = useSession()?.staffMemberId ?? '';
  const key = preferenceKey(me, resident.facilityId);
  const path = staffFacilityPreferencePath(me, resident.facilityId);
  const preference = useQuery({
    queryKey: key,
    queryFn: () => api.get('admin', path, { parse: ZStaffFacilityPreferenceSchema.parse }),
    enabled: me !== '',
  });
  const mutation = useMutation({
    mutationFn: (pinned: boolean) =>
      api.put(
        'admin',
        path,
        { pinnedResidentIds: togglePinned(preference.data?.pinnedResidentIds ?? [], resident.id, pinned) },
        { parse: ZStaffFacilityPreferenceSchema.parse },
      ),
    onSuccess: (saved, pinned) => {
      queryClient.setQueryData(key, saved);
      toast.success(pinned ? m.careAssignmentAdded() : m.careAssignmentRemoved(), {
        autoClose: CARE_ASSIGNMENT_TOAST_MS,
      });
    },
    // "Pinned resident update fails: logged only, no message."
    onError: (error) => reportError(error, { action: 'pin-resident', residentId: resident.id }),
  });
  const checked = isPinned(resident, preference.data?.pinnedResidentIds ?? []);
  return (
    <Switch
      size="lg"
      label={m.careAssignment()}
      checked={checked}
      disabled={!isPinnable(resident) || preference.isPending || mutation.isPending}
      onChange={(event) => mutation.mutate(event.currentTarget.checked)}
      styles={{ body: { minHeight: 48, alignItems: 'center' } }}
    />
  );
}
