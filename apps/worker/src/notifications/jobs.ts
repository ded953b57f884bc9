import type https from 'node:https';
import { createSmsTransportFromEnv, resolveVapidKeys } from '@sage/api/notify';
import { JobName, type PrismaClient } from '@sage/db';
import type { TaskList } from 'graphile-worker';
import type { WorkerConfig } from '../env';
import { type EscalationDeps, runNotificationBlock, startTaskNotifications } from './escalation';

export interface NotificationJobOptions {
  /** HTTPS agent for push requests (tests: one trusting the local push service). */
  pushAgent?: https.Agent;
  log?: { warn(obj: object, msg: string): void };
}

/** The notification jobs of the queue (start a task's escalation; run one block), ready for the taskList. */
export async function createNotificationTasks(
  prisma: PrismaClient,
  config: WorkerConfig,
  options: NotificationJobOptions = {},
): Promise<TaskList> {
  const deps: EscalationDeps = {
    prisma,
    notifier: {
      prisma,
      sms: await createSmsTransportFromEnv(prisma, config),
      vapid: await resolveVapidKeys(prisma, config),
      ...(options.pushAgent ? { pushAgent: options.pushAgent } : {}),
      ...(options.log ? { log: options.log } : {}),
    },
  };
  return {
    [JobName.startTaskNotifications]: async (payload, helpers) => {
      const result = await startTaskNotifications(deps, payload, helpers);
      helpers.logger.info(`task notifications: ${result}`);
    },
    [JobName.runNotificationBlock]: async (payload, helpers) => {
      const result = await runNotificationBlock(deps, payload, helpers);
      helpers.logger.info(`notification block: ${result.kind}`);
    },
  };
}
