/**
 * The staff member actions drawer, the High Five drawers, the resident's Pendants drawer and the titles of device
 * trouble tasks (issue #33, decision 0750). The spec's texts are the contract's constants themselves, a text with
 * values the contract's function called with ICU placeholders; those the app had inline are moved here as they
 * were. Names (people, groups, residents, units, doors, gateways) are values, never translated.
 */
import {
  ButtonLabels,
  DeviceAllocationMessages,
  DevicesAdminMessages,
  DeviceTroubleTitleMessages,
  GroupMessages,
  HighFiveMessages,
  InsightMessages,
  PendantMessages,
  TroubleDeviceLabels,
} from '@sage/contract';

/** An ICU placeholder, passed to a contract text function in place of its value. */
const arg = (name: string): string => `{${name}}`;
/** A numeric ICU placeholder, for a contract function that takes a number. */
const num = (name: string): number => arg(name) as unknown as number;

export const peopleEn = {
  /** A team member's actions for one group (sign-in doc sections 2, 6, 8; labels of decision 0163). */
  staffActions: {
    call: `${ButtonLabels.call} ${arg('phone')}`,
    assignTask: ButtonLabels.assignTask,
    makeGroupAdmin: 'Make Group Admin',
    dismissAsGroupAdmin: ButtonLabels.dismissAsGroupAdmin,
    removeFromGroup: 'Remove from Group',
    removeMe: ButtonLabels.removeMe,
    takeOffShift: 'Take Off Shift',
    cancel: ButtonLabels.cancel,
    mustBeInOneGroup: GroupMessages.mustBeInOneGroup,
    // The confirmation of Remove from Group / Remove Me (decision 0530).
    removeTitle: `Remove ${arg('name')} from ${arg('group')}?`,
    removeText: `${arg('name')} stops receiving ${arg('group')}'s alerts and tasks and leaves its list. An admin can add them again.`,
    leaveTitle: `Leave ${arg('group')}?`,
    leaveText: `You stop receiving ${arg('group')}'s alerts and tasks. An admin of the group can add you again.`,
    madeAdmin: GroupMessages.madeAdmin(arg('name'), arg('group')),
    dismissedAdmin: GroupMessages.dismissedAdmin(arg('name'), arg('group')),
    removed: GroupMessages.removed(arg('name'), arg('group')),
    takenOffShift: GroupMessages.takenOffShift(arg('name')),
    makeAdminFailed: GroupMessages.makeAdminFailed(arg('name'), arg('group')),
    dismissAdminFailed: GroupMessages.dismissAdminFailed(arg('name'), arg('group')),
    removeFailed: GroupMessages.removeFailed(arg('name'), arg('group')),
    takeOffShiftFailed: GroupMessages.takeOffShiftFailed(arg('name')),
  },
  /** Send and receive a high five (drawer 15) and the insight actions' toasts (alerts doc section 8). */
  highFive: {
    sendTitle: `Send ${arg('name')} a High Five`,
    send: 'Send High Five',
    sayThanks: 'Say thanks for a job well done.',
    cancel: ButtonLabels.cancel,
    congratulations: HighFiveMessages.congratulations,
    received: `{count, plural, one {${HighFiveMessages.receivedOne}} other {${HighFiveMessages.receivedMany('#' as unknown as number)}}}`,
    sentBy: 'Sent by',
    viewRecognitions: ButtonLabels.viewRecognitions,
    later: ButtonLabels.later,
    sent: InsightMessages.highFiveSent,
    failed: InsightMessages.highFiveFailed,
    closedHighFive: InsightMessages.closedHighFive,
    closed: InsightMessages.closed,
    dismissed: InsightMessages.dismissed,
    completed: InsightMessages.completed,
  },
  /** A resident's pendants (drawer 10) and giving a pendant to a resident (decision 0250). */
  pendants: {
    title: DeviceAllocationMessages.pendantsTitle,
    titleFor: `${DeviceAllocationMessages.pendantsTitle} · ${arg('resident')}`,
    listLabel: DeviceAllocationMessages.pendantsTitle,
    loading: 'Loading',
    goBack: ButtonLabels.goBack,
    noPendants: DeviceAllocationMessages.noPendants,
    batteryLow: DeviceAllocationMessages.batteryLow,
    batteryUnknown: DeviceAllocationMessages.batteryUnknown,
    battery: DeviceAllocationMessages.battery(num('level')),
    lastPress: DeviceAllocationMessages.lastPress(arg('since')),
    neverPressed: DeviceAllocationMessages.neverPressed,
    openAllocation: DeviceAllocationMessages.pageTitle,
    alreadyAssignedTitle: PendantMessages.alreadyAssignedTitle,
    alreadyAssignedText: PendantMessages.alreadyAssignedText,
    continue: ButtonLabels.continue,
    cancel: ButtonLabels.cancel,
    undone: DevicesAdminMessages.undone(arg('hardwareId')),
    allocateFailed: DevicesAdminMessages.allocateFailed,
  },
  /**
   * The titles of device trouble tasks, written by the worker in English (contract DeviceTroubleTitleMessages),
   * and the device named in them (TroubleDeviceLabels): matched and shown in the reader's language (decision 0750).
   */
  troubleTitles: {
    lowBattery: DeviceTroubleTitleMessages.lowBattery(arg('device')),
    notHeardFrom: DeviceTroubleTitleMessages.notHeardFrom(arg('device')),
    gatewayOffline: DeviceTroubleTitleMessages.gatewayOffline(arg('gateway')),
    residentPendant: TroubleDeviceLabels.residentPendant(arg('resident')),
    residentDoorAlarm: TroubleDeviceLabels.residentDoorAlarm(arg('resident')),
    residentFallSensor: TroubleDeviceLabels.residentFallSensor(arg('resident')),
    residentM3Sensor: TroubleDeviceLabels.residentM3Sensor(arg('resident')),
    wallButton: TroubleDeviceLabels.wallButton(arg('place')),
    doorAlarm: TroubleDeviceLabels.doorAlarm(arg('place')),
    fallSensor: TroubleDeviceLabels.fallSensor(arg('place')),
    m3Sensor: TroubleDeviceLabels.m3Sensor(arg('place')),
    checkInButton: TroubleDeviceLabels.checkInButton(arg('place')),
    unnamedDoorAlarm: TroubleDeviceLabels.unnamedDoorAlarm,
    unknownUnit: TroubleDeviceLabels.unknownUnit,
  },
} as const;
