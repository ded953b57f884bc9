/**
 * Every drawer type of the product (signin-staff-admin.md section 2 'Drawers').
 * A type without a registered component is logged and dismissed when opened.
 */
export const DRAWER_TYPES = [
  'add-task-note',
  'care-confirmation',
  'confirmation',
  'complete-insight',
  'door-schedule',
  'explore-insights',
  'phone-subscription',
  'receive-high-five',
  'resolve-task',
  'search-resident',
  'select-care-zone',
  'select-device',
  'select-emergency-reason',
  'select-enterprise',
  'multi-outcome-resolution',
  'add-observations',
  'select-options',
  'select-person',
  'select-residents-with-buttons',
  'select-room-check-in',
  'select-was-fall',
  'send-high-five',
  'staff-member-actions',
  'unit-check-in',
  'unit-detail',
  'select-door',
  'select-ward',
  'select-unit',
  'resident-pendants',
  'resident-details',
  'allow-notifications',
] as const;

export type DrawerType = (typeof DRAWER_TYPES)[number];

export function isDrawerType(value: string): value is DrawerType {
  return (DRAWER_TYPES as readonly string[]).includes(value);
}

/** Props of the generic confirmation drawer. */
export interface ConfirmationDrawerProps {
  title: string;
  text?: string;
  /** Label of the confirm button. @default 'Confirm' */
  confirmLabel?: string;
  /** Label of the cancel button. @default 'Cancel' */
  cancelLabel?: string;
  /** Shows the confirm button in red (for destructive actions). */
  destructive?: boolean;
  /** Runs on confirm; while its promise is pending the button shows a loader. The drawer then moves on. */
  onConfirm?: () => void | Promise<void>;
  onCancel?: () => void;
}

/** Props not yet specified for drawers whose feature is still to be built. */
export type UnspecifiedDrawerProps = Record<string, unknown>;

/**
 * Props each drawer type takes. Features replace `UnspecifiedDrawerProps` with their own interface
 * when they implement the drawer.
 */
export type DrawerPropsMap = {
  [T in DrawerType]: T extends keyof SpecifiedDrawerProps ? SpecifiedDrawerProps[T] : UnspecifiedDrawerProps;
};

/** Props of the 'What device is this?' drawer (features/shift). */
export interface SelectDeviceDrawerProps {
  facilityId: string;
  staffMemberId: string;
  /** Management sees 'Other Devices' first. */
  isManagement: boolean;
  /** Runs once the device is saved (the drawer has closed). */
  onSelected?: () => void;
}

interface SpecifiedDrawerProps {
  confirmation: ConfirmationDrawerProps;
  'select-device': SelectDeviceDrawerProps;
}

export type DrawerPropsOf<T extends DrawerType> = DrawerPropsMap[T];

/** One step of a workflow (or a single drawer). */
export type DrawerStep = { [T in DrawerType]: { type: T; props: DrawerPropsMap[T] } }[DrawerType];
