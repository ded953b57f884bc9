/**
 * The password of the reports' login role (sage_report_reader, decision 0500) on the embedded PostgreSQL, which asks
 * every login for a password: `npm start` and `npm test` share its data folder, so they give the role the same one.
 * The embedded server listens on loopback only, as its superuser's fixed password assumes.
 */
export const EMBEDDED_REPORTS_PASSWORD = 'sage-reports';
