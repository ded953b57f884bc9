import type { TUnitWithOccupants } from '@sage/contract';
import { residentFullName } from '@sage/domain';
import type { DrawersApi } from '../../shared/drawers';
import { toast } from '../../shared/toast';
import { residentStepFor } from '../pickers/picker-rules';

/** Texts the spec does not give (docs/decisions/0076). */
export const LogCareByUnitTexts = {
  selectResident: 'Select Resident',
  searchByName: 'Search by Name',
  emptyUnit: 'No residents in this unit',
} as const;

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
        secondaryAction: {
          label: LogCareByUnitTexts.searchByName,
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

/** After the unit: the resident's details, or first the choice of resident. */
export function openResidentOf(drawers: DrawersApi, unit: TUnitWithOccupants): void {
  const step = residentStepFor(unit);
  if (step.kind === 'empty') {
    toast.info(LogCareByUnitTexts.emptyUnit);
    return;
  }
  if (step.kind === 'one') {
    drawers.open('resident-details', { residentId: step.residentId });
    return;
  }
  drawers.open('select-options', {
    title: LogCareByUnitTexts.selectResident,
    options: unit.currentOccupants.map((resident) => ({
      value: resident.id,
      name: residentFullName(resident),
      description: resident.preferredName ? `Goes by ${resident.preferredName}` : undefined,
    })),
    onContinue: ([residentId]: string[]) => {
      if (residentId) drawers.open('resident-details', { residentId });
    },
  });
}
