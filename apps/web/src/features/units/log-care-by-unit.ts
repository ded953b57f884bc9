import type { TUnitWithOccupants } from '@sage/contract';
import { residentFullName } from '@sage/domain';
import type { DrawersApi } from '../../shared/drawers';
import { currentLanguage, loadMessages } from '../../shared/i18n';
import { toast } from '../../shared/toast';
import { residentStepFor } from '../pickers/picker-rules';

/**
 * 'Log Care' by unit (docs/decisions/0076): Select Type of Care, then a unit of that care type with residents;
 * one resident opens their details (Log Care, Log Refusal), several are chosen from first. 'Search by Name'
 * on the first step opens 'Search for Resident' instead.
 */
export function openLogCareByUnit(drawers: DrawersApi): void {
  drawers.openWorkflow([
    {
      type: 'select-ward',
      props: {
        // 'Search by Name', named by the picker in the reader's language (decision 0760).
        secondaryAction: {
          onClick: () => drawers.open('search-resident', { mode: 'logCare' }),
        },
      },
    },
    {
      type: 'select-unit',
      props: { onlyOccupied: true, onContinue: (unit: TUnitWithOccupants) => openResidentOf(drawers, unit) },
    },
  ]);
}

/**
 * After the unit: the resident's details, or first the choice of resident. Its texts are the pickers' (the
 * `pickers` namespace, registered by the picker that calls this), so the dashboard's first load carries none.
 */
export async function openResidentOf(drawers: DrawersApi, unit: TUnitWithOccupants): Promise<void> {
  const m = await loadMessages(currentLanguage(), 'pickers');
  const say = (key: string, values?: Record<string, string>) => m[key]?.(values) ?? key;
  const step = residentStepFor(unit);
  if (step.kind === 'empty') {
    toast.info(say('noResidentsInUnit'));
    return;
  }
  if (step.kind === 'one') {
    drawers.open('resident-details', { residentId: step.residentId });
    return;
  }
  drawers.open('select-options', {
    title: say('selectResident'),
    options: unit.currentOccupants.map((resident) => ({
      value: resident.id,
      name: residentFullName(resident),
      description: resident.preferredName ? say('goesBy', { name: resident.preferredName }) : undefined,
    })),
    onContinue: ([residentId]: string[]) => {
      if (residentId) drawers.open('resident-details', { residentId });
    },
  });
}
