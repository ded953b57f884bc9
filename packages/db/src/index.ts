export { createPrisma, type PrismaClient } from './client';
export * from './device-events';
export * from './generated/prisma/client';
export * from './jobs';
export { applyMigrations, ensureDatabase, readMigrations } from './migrate';
export * from './tabular-records';
export * from './task-changes';
