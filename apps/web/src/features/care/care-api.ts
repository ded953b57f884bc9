import { type TLogCareRequest, ZResidentActivitySchema } from '@sage/contract';
import { api } from '../../shared/api';

/** Care service calls (alerts doc section 7 'Care service', 10 s time-out from the client). */
export const careApi = {
  logCare: (body: TLogCareRequest) =>
    api.post('care', '/loggedCare', body, { parse: ZResidentActivitySchema.parse }),
};

export const careKeys = {
  all: ['care'] as const,
};
