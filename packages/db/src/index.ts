export { createPrisma, type PrismaClient } from './client';
export * from './generated/prisma/client';
export { applyMigrations, ensureDatabase, readMigrations } from './migrate';
export * from './jobs';
export * from './task-changes';
