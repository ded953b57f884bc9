import {
  COMPANY_PHONES_PATH,
  type TCompanyPhoneDetail,
  type TCreateCompanyPhoneRequest,
  type TDeletedReply,
  type TUpdateCompanyPhoneRequest,
  ZCompanyPhoneDetailSchema,
  ZCompanyPhoneDetailsReplySchema,
  ZDeletedReplySchema,
} from '@sage/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api';

export const companyPhonesApi = {
  list: (facilityId: string, search: string): Promise<TCompanyPhoneDetail[]> =>
    api.get('admin', COMPANY_PHONES_PATH, {
      query: { facilityId, search: search.trim() || undefined, pageSize: 1000 },
      parse: ZCompanyPhoneDetailsReplySchema.parse,
    }),
  create: (body: TCreateCompanyPhoneRequest): Promise<TCompanyPhoneDetail> =>
    api.post('admin', COMPANY_PHONES_PATH, body, { parse: ZCompanyPhoneDetailSchema.parse }),
  update: (id: string, body: TUpdateCompanyPhoneRequest): Promise<TCompanyPhoneDetail> =>
    api.put('admin', `${COMPANY_PHONES_PATH}/${encodeURIComponent(id)}`, body, {
      parse: ZCompanyPhoneDetailSchema.parse,
    }),
  remove: (id: string): Promise<TDeletedReply> =>
    api.delete('admin', `${COMPANY_PHONES_PATH}/${encodeURIComponent(id)}`, {
      parse: ZDeletedReplySchema.parse,
    }),
};

/** Under the shift page's key prefix too ('companyPhones'), so the device drawer sees changes at once. */
export const companyPhoneKeys = {
  all: ['companyPhones'] as const,
  list: (facilityId: string | undefined, search: string) =>
    ['companyPhones', 'admin', facilityId, search] as const,
};

export const useCompanyPhones = (facilityId: string | undefined, search: string) =>
  useQuery({
    queryKey: companyPhoneKeys.list(facilityId, search),
    queryFn: () => companyPhonesApi.list(facilityId as string, search),
    enabled: Boolean(facilityId),
    placeholderData: (previous) => previous,
  });
