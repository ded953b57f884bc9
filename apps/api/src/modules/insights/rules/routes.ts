import {
  ERROR_REPLIES,
  ZCreateRuleRequestSchema,
  ZDeletedReplySchema,
  ZRuleParamsSchema,
  ZRuleReplySchema,
  ZRulesReplySchema,
  ZSearchRulesRequestSchema,
  ZUpdateRuleRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createRule, deleteRule, getRule, searchRules, updateRule } from './service';

const tags = ['insights: rules'];

/** POST /rules; GET, PUT, DELETE /rules/{ruleRid}; POST /rules/search (alerts doc section 7). */
const rulesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Add a rule for a facility or a company (management)',
        body: ZCreateRuleRequestSchema,
        response: { 201: ZRuleReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createRule(app.prisma, request.auth!.staffMemberId, request.body)),
  );

  app.post(
    '/search',
    {
      schema: {
        tags,
        summary: "The rules that apply to the caller's facilities (built-in ones included)",
        body: ZSearchRulesRequestSchema,
        response: { 200: ZRulesReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => searchRules(app.prisma, request.auth!.staffMemberId, request.body),
  );

  app.get(
    '/:ruleRid',
    {
      schema: {
        tags,
        summary: 'One rule',
        params: ZRuleParamsSchema,
        response: { 200: ZRuleReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => getRule(app.prisma, request.auth!.staffMemberId, request.params.ruleRid),
  );

  app.put(
    '/:ruleRid',
    {
      schema: {
        tags,
        summary: 'Change a rule (management; built-in rules are read-only)',
        params: ZRuleParamsSchema,
        body: ZUpdateRuleRequestSchema,
        response: { 200: ZRuleReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) =>
      updateRule(app.prisma, request.auth!.staffMemberId, request.params.ruleRid, request.body),
  );

  app.delete(
    '/:ruleRid',
    {
      schema: {
        tags,
        summary: 'Delete a rule (management); the insights it raised stay',
        params: ZRuleParamsSchema,
        response: { 200: ZDeletedReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => deleteRule(app.prisma, request.auth!.staffMemberId, request.params.ruleRid),
  );
};
export default rulesRoutes;
