import { AdminMessages, ReportsMessages } from '@sage/contract';
import { ADMIN_ROUTES, REPORTS_ROUTE } from './admin-shared';

/** The sections of the managers' area, one line each (other sections add theirs here). */
export const MANAGE_LINKS: { label: string; to: string }[] = [
  { label: AdminMessages.residents, to: ADMIN_ROUTES.residents },
  { label: AdminMessages.units, to: ADMIN_ROUTES.units },
  { label: AdminMessages.careZones, to: ADMIN_ROUTES.careZones },
  { label: AdminMessages.ehrLockedFields, to: ADMIN_ROUTES.ehrLockedFields },
  { label: ReportsMessages.title, to: REPORTS_ROUTE },
];
