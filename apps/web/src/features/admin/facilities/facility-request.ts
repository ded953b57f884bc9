import { type FacilityStatus, MessageDeliveryMethod, type TCreateFacilityRequest } from '@sage/contract';
import { validatePhoneNumber } from '../../signin/phone-validation';
import { orNull } from '../form-rules';

export interface FacilityFormValues {
  enterpriseId: string;
  name: string;
  timezone: string;
  emergencyNotificationNumber: string;
  taskNotificationNumber: string;
  routineCheckIntervalInMin: number | string;
  isAlertLocationEnabled: boolean;
  isObservationsEnabled: boolean;
  push: boolean;
  status: FacilityStatus;
}

const phoneOrNull = (text: string): string | null => {
  const value = orNull(text);
  if (value === null) return null;
  const phone = validatePhoneNumber(value, 'US');
  return phone.ok ? phone.e164 : value;
};

/** The create request from the form (the update takes the same fields but the company). */
export function toFacilityRequest(values: FacilityFormValues): TCreateFacilityRequest {
  const interval = values.routineCheckIntervalInMin;
  return {
    enterpriseId: values.enterpriseId,
    name: values.name.trim(),
    timezone: values.timezone,
    emergencyNotificationNumber: phoneOrNull(values.emergencyNotificationNumber),
    taskNotificationNumber: phoneOrNull(values.taskNotificationNumber),
    messageDeliveryMethods: values.push ? [MessageDeliveryMethod.PUSH_NOTIFICATION] : [],
    facilityConfig: {
      isAlertLocationEnabled: values.isAlertLocationEnabled,
      isObservationsEnabled: values.isObservationsEnabled,
      routineCheckIntervalInMin: interval === '' ? null : Number(interval),
    },
  };
}

export const phoneErrors = (values: FacilityFormValues): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const field of ['emergencyNotificationNumber', 'taskNotificationNumber'] as const) {
    const text = orNull(values[field]);
    if (text === null) continue;
    const phone = validatePhoneNumber(text, 'US');
    if (!phone.ok) errors[field] = phone.message;
  }
  return errors;
};
