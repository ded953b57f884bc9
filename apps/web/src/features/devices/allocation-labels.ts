import { CHECK_IN_ROOM_OPTION, DeviceAllocationMessages, type TDeviceAllocationReply } from '@sage/contract';
import { residentFullName } from '@sage/domain';

/** A device's name: its allocation's display name, else its hardware id. */
export const deviceName = (a: TDeviceAllocationReply): string => a.displayName ?? a.device.hardwareId;

/** Who or what the device is assigned to, in words. */
export function assignedTo(a: TDeviceAllocationReply): string {
  if (!a.isActive) return DeviceAllocationMessages.unallocated;
  if (a.resident) {
    const unit = a.resident.unit ? ` · ${a.resident.unit.displayName}` : '';
    return `${residentFullName(a.resident)}${unit}`;
  }
  if (a.door) return a.door.name;
  if (a.unit) {
    const room = a.room === CHECK_IN_ROOM_OPTION.id ? CHECK_IN_ROOM_OPTION.label : a.room;
    return room ? `${a.unit.displayName} · ${room}` : a.unit.displayName;
  }
  return DeviceAllocationMessages.unallocated;
}
