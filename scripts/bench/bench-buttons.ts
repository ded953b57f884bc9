import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '@sage/db';
import type { TestFacility } from '@sage/db/factories';

export interface BenchButton {
  facility: TestFacility;
  hardwareId: string;
  deviceId: string;
}

/** Wall buttons allocated to a facility's units, one per press, so every press opens a task of its own. */
export async function addBenchButtons(
  prisma: PrismaClient,
  facility: TestFacility,
  count: number,
): Promise<BenchButton[]> {
  const units = Object.values(facility.units);
  const devices = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    hardwareId: `BENCH-${facility.tag}-${i}`,
    type: 'SAGE_BUTTON' as const,
    facilityId: facility.facilityId,
    enterpriseId: facility.enterpriseId,
  }));
  await prisma.device.createMany({ data: devices });
  await prisma.deviceAllocation.createMany({
    data: devices.map((d, i) => ({
      facilityId: facility.facilityId,
      enterpriseId: facility.enterpriseId,
      deviceId: d.id,
      unitId: units[i % units.length]!.id,
      activeDeviceKey: d.id,
      displayName: `Bench button ${i}`,
    })),
  });
  return devices.map((d) => ({ facility, hardwareId: d.hardwareId, deviceId: d.id }));
}

/** The presses in sending order: facilities (gateways) in turn, each press on a button of its own. */
export function pressOrder(
  facilities: TestFacility[],
  buttons: BenchButton[],
  presses: number,
): BenchButton[] {
  const perFacility = facilities.map((f) => buttons.filter((b) => b.facility === f));
  return Array.from(
    { length: presses },
    (_, i) => perFacility[i % facilities.length]![Math.floor(i / facilities.length)]!,
  );
}
