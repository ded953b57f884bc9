import { CHECK_IN_ROOM_OPTION, DeviceAllocationMessages, type TDeviceAllocationReply } from '@sage/contract';
import { residentFullName } from '@sage/domain';
import type { Messages } from '../../shared/i18n';

/** A device's name: its allocation's display name, else its hardware id. */
export const deviceName = (a: TDeviceAllocationReply): string => a.displayName ?? a.device.hardwareId;

/** The words `assignedTo` adds to the names (decision 0790: the reader's language; English by default). */
export interface AssignedToTexts {
  unallocated: string;
  checkInButton: string;
}

const ENGLISH: AssignedToTexts = {
  unallocated: DeviceAllocationMessages.unallocated,
  checkInButton: CHECK_IN_ROOM_OPTION.label,
};

/** Who or what the device is assigned to, in words (resident, unit, door and room names as they are). */
export function assignedTo(a: TDeviceAllocationReply, texts: AssignedToTexts = ENGLISH): string {
  if (!a.isActive) return texts.unallocated;
  if (a.resident) {
    const unit = a.resident.unit ? ` · ${a.resident.unit.displayName}` : '';
    return `${residentFullName(a.resident)}${unit}`;
  }
  if (a.door) return a.door.name;
  if (a.unit) {
    const room = a.room === CHECK_IN_ROOM_OPTION.id ? texts.checkInButton : a.room;
    return room ? `${a.unit.displayName} · ${room}` : a.unit.displayName;
  }
  return texts.unallocated;
}

/** The words `assignedTo` adds to names, in the reader's language. */
export const assignedToTexts = (m: Messages<'deviceAllocation'>): AssignedToTexts => ({
  unallocated: m.unallocated(),
  checkInButton: m.checkInButton(),
});
