import { PENDANT_DEVICE_TYPE, type TCreatedDeviceAllocationReply, type TResidentReply } from '@sage/contract';
import { needsPendantAlreadyAssignedWarning, pendantWarningAfterSave } from '@sage/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useDrawers } from '../../shared/drawers';
import { useMessages } from '../../shared/i18n';
import { reportError } from '../../shared/report-error';
import { toast } from '../../shared/toast';
import { deviceKeys, devicesApi } from './devices-api';
import './pendants-messages';

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
 * after saving, and Cancel then takes the allocation back (docs/decisions/0250). Its warning and toasts in the
 * reader's language (decision 0750).
 */
export function useAssignPendant(): (options: AssignPendantOptions) => void {
  const m = useMessages('pendants');
  const drawers = useDrawers();
  const queryClient = useQueryClient();

  return (options) => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: deviceKeys.all });

    const warnAfterSave = (saved: TCreatedDeviceAllocationReply) =>
      drawers.open('confirmation', {
        title: m.alreadyAssignedTitle(),
        text: m.alreadyAssignedText(),
        confirmLabel: m.continue(),
        cancelLabel: m.cancel(),
        onCancel: () => {
          options
            .undo(saved)
            .then(async () => {
              toast.info(m.undone({ hardwareId: options.hardwareId }));
              await refresh();
            })
            .catch((error: unknown) => {
              reportError(error, { action: 'undo pendant allocation', allocationId: saved.id });
              toast.error(m.allocateFailed());
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
        toast.error(m.allocateFailed());
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
          toast.error(m.allocateFailed());
          return;
        }
        if (needsPendantAlreadyAssignedWarning(resident.id, options.allocationId ?? '', pendants)) {
          drawers.open('confirmation', {
            title: m.alreadyAssignedTitle(),
            text: m.alreadyAssignedText(),
            confirmLabel: m.continue(),
            cancelLabel: m.cancel(),
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
