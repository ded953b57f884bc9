import { type TAdminUnit, ZAdminUnitSchema } from '@sage/contract';
import { api } from '../../../shared/api';

/**
 * Archive and restore a unit (decision 0612). A module of the unit form's own, not in admin-api.ts: that one is
 * part of the dashboard's first load.
 */
export const unitArchiveApi = {
  archive: (id: string): Promise<TAdminUnit> =>
    api.post('admin', `/units/${encodeURIComponent(id)}/archive`, undefined, {
      parse: ZAdminUnitSchema.parse,
    }),
  restore: (id: string): Promise<TAdminUnit> =>
    api.post('admin', `/units/${encodeURIComponent(id)}/restore`, undefined, {
      parse: ZAdminUnitSchema.parse,
    }),
};
