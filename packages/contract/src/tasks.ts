import { z } from 'zod';
import { TaskStatus, TaskUpdateType } from './tasks-constants';

export * from './tasks-constants';
export const ZTaskStatusSchema = z.enum(TaskStatus);
export const ZTaskUpdateTypeSchema = z.enum(TaskUpdateType);

/** "Each update has type and description." */
export const ZTaskUpdateSchema = z.object({
  id: z.string().min(1),
  type: ZTaskUpdateTypeSchema,
  description: z.string(),
});
export type TTaskUpdate = z.infer<typeof ZTaskUpdateSchema>;
