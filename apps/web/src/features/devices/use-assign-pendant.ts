import {
  ButtonLabels,
  DevicesAdminMessages,
  PENDANT_DEVICE_TYPE,
  PendantMessages,
  type TCreatedDeviceAllocationReply,
  type TResidentReply,
} from '@sage/contract';
import { needsPendantAlreadyAssignedWarning, pendantWarningAfterSave } from '@sage/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useDrawers } from '../../shared/drawers';
import { reportError } from '../../shared/report-error';
import { toast } from '../../shared/toast';
import { deviceKeys, devicesApi } from './devices-api';

export interface AssignPendantOptions {
  facilityId: string;
  /** The allocation being given to another resident (it is no other pendant); null for a new allocation. */
  allocationId: string | null;
  hardwareId: string;
  /** Saves the allocation for the resident (POST /devices/allocated or PUT /devices/allocated/{id}). */
  save: (resident: TResidentReply) => Promise<TCreatedDeviceAllocationReply>;
  /** Takes the saved allocation back, when the user cancels a warning that came only after saving. */
  undo: (saved: TCreatedDeviceAllocationReply) => Promise<unknown>;
  /** Runs after a save (toast, refresh, navigation). */
  onSaved: (saved: TCreatedDeviceAllocationReply, resident: TResidentReply) => void | Promise<void>;
}

/**
 * Every path that gives a pendant to a resident: the residents-with-buttons picker, then 'Pendant already
 * assigned' ("raised when a resident chosen for a new pendant already has one; the user may continue or
 * cancel") before saving, from the resident's pendants as the server lists them. The reply's
 * `residentOtherPendantIds` is checked too: a pendant given meanwhile by someone else raises the warning
 * after saving, and Cancel then takes the allocation back (docs/decisions/0250).
 */
export function useAssignPendant(): (options: AssignPendantOptions) => void {
  const drawers = useDrawers();
  const queryClient = useQueryClient();

  return (options) => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: deviceKeys.all });

    const warnAfterSave = (saved: TCreatedDeviceAllocationReply) =>
      drawers.open('confirmation', {
        title: PendantMessages.alreadyAssignedTitle,
        text: PendantMessages.alreadyAssignedText,
        confirmLabel: ButtonLabels.continue,
        cancelLabel: ButtonLabels.cancel,
        onCancel: () => {
          options
            .undo(saved)
            .then(async () => {
              toast.info(DevicesAdminMessages.undone(options.hardwareId));
              await refresh();
            })
            .catch((error: unknown) => {
              reportError(error, { action: 'undo pendant allocation', allocationId: saved.id });
              toast.error(DevicesAdminMessages.allocateFailed);
            });
        },
      });

    /** Saves; false (after saying why) when the save failed. */
    const run = async (resident: TResidentReply, warnedBefore: boolean): Promise<boolean> => {
      let saved: TCreatedDeviceAllocationReply;
      try {
        saved = await options.save(resident);
      } catch (error) {
        reportError(error, { action: 'assign pendant', hardwareId: options.hardwareId });
        toast.error(DevicesAdminMessages.allocateFailed);
        return false;
      }
      await options.onSaved(saved, resident);
      await refresh();
      if (pendantWarningAfterSave(warnedBefore, saved.residentOtherPendantIds)) warnAfterSave(saved);
      return true;
    };

    drawers.open('select-residents-with-buttons', {
      facilityId: options.facilityId,
      onContinue: async (resident: TResidentReply) => {
        let pendants: Awaited<ReturnType<typeof devicesApi.list>>;
        try {
          pendants = await devicesApi.list({ residentRid: resident.id, type: PENDANT_DEVICE_TYPE });
        } catch (error) {
          reportError(error, { action: 'list pendants', residentId: resident.id });
          toast.error(DevicesAdminMessages.allocateFailed);
          return;
        }
        if (needsPendantAlreadyAssignedWarning(resident.id, options.allocationId ?? '', pendants)) {
          drawers.open('confirmation', {
            title: PendantMessages.alreadyAssignedTitle,
            text: PendantMessages.alreadyAssignedText,
            confirmLabel: ButtonLabels.continue,
            cancelLabel: ButtonLabels.cancel,
            onConfirm: async () => {
              // A failed save keeps the warning open (the toast said why), so Continue can be tried again.
              if (!(await run(resident, true))) throw new Error('The pendant was not assigned');
            },
          });
        } else {
          await run(resident, false);
        }
      },
    });
  };
}
