import {
  CONFIGURATION_PATH,
  ERROR_REPLIES,
  RESOLVE_NUMBERS_PATH,
  ZAppConfigurationSchema,
  ZConfigurationQuerySchema,
  ZResolveNumbersQuerySchema,
  ZResolveNumbersReplySchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getConfiguration, resolveNumbers } from './service';

/** GET /configuration; GET /notificationCallback/resolve-numbers ?senderNumber, recipientNumber. */
const configurationRoutes: FastifyPluginAsyncZod = async (app) => {
  const caller = (request: { auth: { staffMemberId: string } | null }) => request.auth?.staffMemberId ?? '';

  app.get(
    CONFIGURATION_PATH,
    {
      schema: {
        tags: ['admin: configuration'],
        summary: 'What the web app needs to start: current user, facility with its config, groups, policies',
        querystring: ZConfigurationQuerySchema,
        response: { 200: ZAppConfigurationSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => getConfiguration(app.prisma, caller(request), request.query),
  );

  app.get(
    RESOLVE_NUMBERS_PATH,
    {
      schema: {
        tags: ['admin: configuration'],
        summary:
          'The community sending from a number (and the topic) and the staff member receiving at another',
        querystring: ZResolveNumbersQuerySchema,
        response: { 200: ZResolveNumbersReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => resolveNumbers(app.prisma, caller(request), request.query),
  );
};
export default configurationRoutes;
