import type { TStaffMember, TTaskReply } from '@sage/contract';

/**
 * Whether an alert is in one of my care zones: its unit is tagged in a zone (by unit id or care type). Without
 * any care zone chosen (the shift step skipped), every visible alert counts.
 */
export function inMyCareZones(task: Pick<TTaskReply, 'unit'>, profile: TStaffMember | undefined): boolean {
  const zones = profile?.staffMemberFacilityConfigs.flatMap((config) => config.careZones) ?? [];
  if (zones.length === 0) return true;
  const unit = task.unit;
  if (!unit) return true;
  return zones.some(
    (zone) => zone.unitTags.unitRids.includes(unit.id) || zone.unitTags.careTypes.includes(unit.careType),
  );
}
