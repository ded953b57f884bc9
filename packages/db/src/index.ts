export { createPrisma, type PrismaClient, queryPrepared } from './client';
export * from './device-events';
export * from './device-qa';
export * from './generated/prisma/client';
export * from './jobs';
export { applyMigrations, ensureDatabase, readMigrations } from './migrate';
export * from './response-times';
export * from './tabular-records';
export * from './task-changes';
