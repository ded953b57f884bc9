import {
  ENTERPRISES_PATH,
  type TCreateEnterpriseRequest,
  type TEnterprise,
  ZEnterpriseSchema,
  ZListEnterprisesReplySchema,
} from '@sage/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api';

export const enterprisesApi = {
  list: (): Promise<TEnterprise[]> =>
    api.get('admin', ENTERPRISES_PATH, {
      query: { pageSize: 1000 },
      parse: ZListEnterprisesReplySchema.parse,
    }),
  create: (body: TCreateEnterpriseRequest): Promise<TEnterprise> =>
    api.post('admin', ENTERPRISES_PATH, body, { parse: ZEnterpriseSchema.parse }),
};

export const enterpriseKeys = { all: ['enterprises'] as const };

/** The companies the caller may see (the Select a company drawer searches them on the phone). */
export const useEnterprises = () => useQuery({ queryKey: enterpriseKeys.all, queryFn: enterprisesApi.list });
