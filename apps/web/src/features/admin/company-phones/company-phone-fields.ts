import { validatePhoneNumber } from '../../signin/phone-validation';

export interface CompanyPhoneFormValues {
  displayName: string;
  phoneNumber: string;
}

/** The request fields from the form: the number read as a North American number (+1 prefix) when it is one. */
export function toCompanyPhoneFields(values: CompanyPhoneFormValues) {
  const phone = validatePhoneNumber(values.phoneNumber, 'US');
  return {
    displayName: values.displayName.trim(),
    phoneNumber: phone.ok ? phone.e164 : values.phoneNumber.trim(),
  };
}
