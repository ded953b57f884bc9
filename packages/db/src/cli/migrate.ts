// Applies pending migrations to DATABASE_URL (creating the database if needed).
import { applyMigrations, ensureDatabase } from '../migrate';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set');
  process.exit(2);
}
await ensureDatabase(url);
const applied = await applyMigrations(url, {
  log: console.log,
  reportsPassword: process.env.REPORTS_DATABASE_PASSWORD,
});
console.log(applied.length ? `Applied ${applied.length} migration(s).` : 'Database is up to date.');
