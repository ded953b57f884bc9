import {
  ADL_LEVEL_KEYS,
  type HospiceStatus,
  type ResuscitationStrategy,
  type TCreateResidentRequestInput,
  type TResidentReply,
  type TUpdateResidentRequestInput,
} from '@sage/contract';
import type { Permissions } from '@sage/domain';
import { orNull } from '../form-rules';

type AdlKey = (typeof ADL_LEVEL_KEYS)[number];

/** The resident form: the request's shape with text boxes ('' means not set). */
export interface ResidentFormValues {
  unitId: string | null;
  salutation: string;
  firstName: string;
  middleName: string;
  lastName: string;
  preferredName: string;
  dateOfBirth: string;
  personalPhone: string;
  email: string;
  isRoutineCheckEnabled: boolean;
  isOnHold: boolean;
  healthInfo: {
    memoryHealthInfo: { memoryLevel: string };
    continenceHealthInfo: {
      continenceLevel: string;
      productProvider: string;
      wearsPads: boolean;
      wearsPullups: boolean;
      wearsBriefs: boolean;
    };
    adlHealthInfo: Record<AdlKey, string>;
    resuscitationStrategy: ResuscitationStrategy;
    hospiceHealthInfo: { hospiceStatus: HospiceStatus };
  };
}

export function emptyResidentForm(): ResidentFormValues {
  return {
    unitId: null,
    salutation: '',
    firstName: '',
    middleName: '',
    lastName: '',
    preferredName: '',
    dateOfBirth: '',
    personalPhone: '',
    email: '',
    isRoutineCheckEnabled: false,
    isOnHold: false,
    healthInfo: {
      memoryHealthInfo: { memoryLevel: '' },
      continenceHealthInfo: {
        continenceLevel: '',
        productProvider: '',
        wearsPads: false,
        wearsPullups: false,
        wearsBriefs: false,
      },
      adlHealthInfo: Object.fromEntries(ADL_LEVEL_KEYS.map((k) => [k, ''])) as Record<AdlKey, string>,
      resuscitationStrategy: 'UNKNOWN',
      hospiceHealthInfo: { hospiceStatus: 'UNKNOWN' },
    },
  };
}

export function residentToForm(r: TResidentReply): ResidentFormValues {
  const empty = emptyResidentForm();
  const h = r.healthInfo;
  return {
    unitId: r.unit?.id ?? null,
    salutation: r.salutation ?? '',
    firstName: r.firstName,
    middleName: r.middleName ?? '',
    lastName: r.lastName,
    preferredName: r.preferredName ?? '',
    dateOfBirth: r.dateOfBirth ?? '',
    personalPhone: r.personalPhone ?? '',
    email: r.email ?? '',
    isRoutineCheckEnabled: r.isRoutineCheckEnabled,
    isOnHold: r.isOnHold,
    healthInfo: h
      ? {
          memoryHealthInfo: { memoryLevel: h.memoryHealthInfo.memoryLevel ?? '' },
          continenceHealthInfo: {
            continenceLevel: h.continenceHealthInfo.continenceLevel ?? '',
            productProvider: h.continenceHealthInfo.productProvider ?? '',
            wearsPads: h.continenceHealthInfo.wearsPads ?? false,
            wearsPullups: h.continenceHealthInfo.wearsPullups ?? false,
            wearsBriefs: h.continenceHealthInfo.wearsBriefs ?? false,
          },
          adlHealthInfo: Object.fromEntries(
            ADL_LEVEL_KEYS.map((k) => [k, h.adlHealthInfo[k] ?? '']),
          ) as Record<AdlKey, string>,
          resuscitationStrategy: h.resuscitationStrategy,
          hospiceHealthInfo: { hospiceStatus: h.hospiceHealthInfo.hospiceStatus },
        }
      : empty.healthInfo,
  };
}

/**
 * The request body of the form: empty boxes become null; phone and email only with canEditPII, health info only
 * with canEditPHI (the server refuses them otherwise), and locked fields are left out (the EHR keeps them).
 */
export function formToBody(
  v: ResidentFormValues,
  permissions: Permissions,
  lockedFields: readonly string[],
): TUpdateResidentRequestInput & { firstName: string; lastName: string } {
  const h = v.healthInfo;
  const body: Record<string, unknown> = {
    unitId: v.unitId,
    salutation: orNull(v.salutation),
    firstName: v.firstName.trim(),
    middleName: orNull(v.middleName),
    lastName: v.lastName.trim(),
    preferredName: orNull(v.preferredName),
    dateOfBirth: orNull(v.dateOfBirth),
    isRoutineCheckEnabled: v.isRoutineCheckEnabled,
    isOnHold: v.isOnHold,
  };
  if (permissions.canEditPII) {
    body.personalPhone = orNull(v.personalPhone);
    body.email = orNull(v.email);
  }
  if (permissions.canEditPHI) {
    body.healthInfo = {
      memoryHealthInfo: { memoryLevel: orNull(h.memoryHealthInfo.memoryLevel) },
      continenceHealthInfo: {
        continenceLevel: orNull(h.continenceHealthInfo.continenceLevel),
        productProvider: orNull(h.continenceHealthInfo.productProvider),
        wearsPads: h.continenceHealthInfo.wearsPads,
        wearsPullups: h.continenceHealthInfo.wearsPullups,
        wearsBriefs: h.continenceHealthInfo.wearsBriefs,
      },
      adlHealthInfo: Object.fromEntries(ADL_LEVEL_KEYS.map((k) => [k, orNull(h.adlHealthInfo[k])])),
      resuscitationStrategy: h.resuscitationStrategy,
      hospiceHealthInfo: { hospiceStatus: h.hospiceHealthInfo.hospiceStatus },
    };
  }
  for (const locked of lockedFields) delete body[locked.replace(/^resident\./, '')];
  return body as TUpdateResidentRequestInput & { firstName: string; lastName: string };
}

export const createBody = (
  facilityId: string,
  v: ResidentFormValues,
  permissions: Permissions,
): TCreateResidentRequestInput => ({ facilityId, ...formToBody(v, permissions, []) });
