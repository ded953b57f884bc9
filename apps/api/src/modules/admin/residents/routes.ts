import {
  ERROR_REPLIES,
  ZArchiveResidentQuerySchema,
  ZBulkCreateResidentsRequestSchema,
  ZBulkRoutineChecksReplySchema,
  ZBulkRoutineChecksRequestSchema,
  ZCreateResidentRequestSchema,
  ZListResidentsQuerySchema,
  ZListResidentsReplySchema,
  ZPutResidentHealthRequestSchema,
  ZResidentContactListSchema,
  ZResidentContactParamsSchema,
  ZResidentContactRequestSchema,
  ZResidentContactSchema,
  ZResidentParamsSchema,
  ZResidentReplySchema,
  ZUpdateResidentRequestSchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addContact,
  deleteContact,
  deleteSingleContact,
  getSingleContact,
  listContacts,
  putSingleContact,
  updateContact,
} from './contacts';
import { getResident, listResidents } from './service';
import {
  archiveResident,
  bulkCreateResidents,
  bulkRoutineChecks,
  createResident,
  deleteResident,
  deleteResidentHealth,
  putResidentHealth,
  updateResident,
} from './write-residents';

const errors = ERROR_REPLIES;
const tags = ['admin: residents'];
const ZDeletedSchema = z.object({ id: z.string() });

/**
 * Residents (alerts doc section 7): list and get for staff, PHI only with PHI access, PII only with PII access;
 * create, change, archive and delete for management (docs/decisions/0150).
 */
const residentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const me = (request: { auth: { staffMemberId: string } | null }) => request.auth!.staffMemberId;

  app.get(
    '',
    {
      config: { audit: 'PHI' },
      schema: {
        tags,
        summary: "Residents of the caller's facilities (not archived unless asked), by name, paged",
        querystring: ZListResidentsQuerySchema,
        response: { 200: ZListResidentsReplySchema, ...errors },
      },
    },
    async (request) => listResidents(app.prisma, me(request), request.query),
  );

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Admit a resident (management; health info needs canEditPHI, phone and email canEditPII)',
        body: ZCreateResidentRequestSchema,
        response: { 201: ZResidentReplySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createResident(app.prisma, me(request), request.body)),
  );

  app.post(
    '/bulk',
    {
      schema: {
        tags,
        summary: 'Admit several residents, all or nothing (a bad row is named by its index)',
        body: ZBulkCreateResidentsRequestSchema,
        response: { 201: ZListResidentsReplySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await bulkCreateResidents(app.prisma, me(request), request.body)),
  );

  app.put(
    '/bulk/routineChecks',
    {
      schema: {
        tags,
        summary: 'Turn routine checks on or off for several residents (management)',
        body: ZBulkRoutineChecksRequestSchema,
        response: { 200: ZBulkRoutineChecksReplySchema, ...errors },
      },
    },
    async (request) => bulkRoutineChecks(app.prisma, me(request), request.body),
  );

  app.get(
    '/:residentId',
    {
      config: { audit: 'PHI' },
      schema: {
        tags,
        summary: 'A resident',
        params: ZResidentParamsSchema,
        response: { 200: ZResidentReplySchema, ...errors },
      },
    },
    async (request) => getResident(app.prisma, me(request), request.params.residentId),
  );

  app.put(
    '/:residentId',
    {
      schema: {
        tags,
        summary: 'Change a resident (management; the fields sent; 409 when stale or EHR-locked)',
        params: ZResidentParamsSchema,
        body: ZUpdateResidentRequestSchema,
        response: { 200: ZResidentReplySchema, ...errors },
      },
    },
    async (request) => updateResident(app.prisma, me(request), request.params.residentId, request.body),
  );

  app.delete(
    '/:residentId',
    {
      schema: {
        tags,
        summary: 'Delete a resident without care history (management; otherwise 409: archive instead)',
        params: ZResidentParamsSchema,
        response: { 200: ZDeletedSchema, ...errors },
      },
    },
    async (request) => deleteResident(app.prisma, me(request), request.params.residentId),
  );

  app.post(
    '/:residentId/archive',
    {
      schema: {
        tags,
        summary: 'Archive a resident (unallocating their devices), or bring them back with archive=false',
        params: ZResidentParamsSchema,
        querystring: ZArchiveResidentQuerySchema,
        response: { 200: ZResidentReplySchema, ...errors },
      },
    },
    async (request) =>
      archiveResident(app.prisma, me(request), request.params.residentId, request.query.archive),
  );

  app.put(
    '/:residentId/health',
    {
      schema: {
        tags,
        summary: "Write a resident's health info as a whole (canEditPHI)",
        params: ZResidentParamsSchema,
        body: ZPutResidentHealthRequestSchema,
        response: { 200: ZResidentReplySchema, ...errors },
      },
    },
    async (request) => putResidentHealth(app.prisma, me(request), request.params.residentId, request.body),
  );

  app.delete(
    '/:residentId/health',
    {
      schema: {
        tags,
        summary: "Clear a resident's health info (canEditPHI)",
        params: ZResidentParamsSchema,
        response: { 200: ZResidentReplySchema, ...errors },
      },
    },
    async (request) => deleteResidentHealth(app.prisma, me(request), request.params.residentId),
  );

  // Lists: personal contacts (PII) and specialists (PHI).
  for (const [path, type] of [
    ['contacts', 'CONTACT'],
    ['specialists', 'SPECIALIST'],
  ] as const) {
    const what = type === 'CONTACT' ? 'contacts' : 'specialists';
    app.get(
      `/:residentId/${path}`,
      {
        schema: {
          tags,
          summary: `A resident's ${what}`,
          params: ZResidentParamsSchema,
          response: { 200: ZResidentContactListSchema, ...errors },
        },
      },
      async (request) => listContacts(app.prisma, me(request), request.params.residentId, type),
    );
    app.post(
      `/:residentId/${path}`,
      {
        schema: {
          tags,
          summary: `Add one of a resident's ${what}`,
          params: ZResidentParamsSchema,
          body: ZResidentContactRequestSchema,
          response: { 201: ZResidentContactSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await addContact(app.prisma, me(request), request.params.residentId, type, request.body)),
    );
    app.put(
      `/:residentId/${path}/:contactId`,
      {
        schema: {
          tags,
          summary: `Change one of a resident's ${what}`,
          params: ZResidentContactParamsSchema,
          body: ZResidentContactRequestSchema,
          response: { 200: ZResidentContactSchema, ...errors },
        },
      },
      async (request) =>
        updateContact(
          app.prisma,
          me(request),
          request.params.residentId,
          type,
          request.params.contactId,
          request.body,
        ),
    );
    app.delete(
      `/:residentId/${path}/:contactId`,
      {
        schema: {
          tags,
          summary: `Remove one of a resident's ${what}`,
          params: ZResidentContactParamsSchema,
          response: { 200: ZDeletedSchema, ...errors },
        },
      },
      async (request) =>
        deleteContact(app.prisma, me(request), request.params.residentId, type, request.params.contactId),
    );
  }

  // One each: the primary care provider and the hospital (PHI).
  for (const [path, type, what] of [
    ['pcp', 'PRIMARY_CARE_PROVIDER', 'primary care provider'],
    ['hospital', 'HOSPITAL', 'hospital'],
  ] as const) {
    app.get(
      `/:residentId/${path}`,
      {
        schema: {
          tags,
          summary: `A resident's ${what} (null when none is recorded)`,
          params: ZResidentParamsSchema,
          response: { 200: ZResidentContactSchema.nullable(), ...errors },
        },
      },
      async (request) => getSingleContact(app.prisma, me(request), request.params.residentId, type),
    );
    app.put(
      `/:residentId/${path}`,
      {
        schema: {
          tags,
          summary: `Record a resident's ${what} (replaces the one recorded)`,
          params: ZResidentParamsSchema,
          body: ZResidentContactRequestSchema,
          response: { 200: ZResidentContactSchema, ...errors },
        },
      },
      async (request) =>
        putSingleContact(app.prisma, me(request), request.params.residentId, type, request.body),
    );
    app.delete(
      `/:residentId/${path}`,
      {
        schema: {
          tags,
          summary: `Remove a resident's ${what}`,
          params: ZResidentParamsSchema,
          response: { 200: z.object({ deleted: z.number().int() }), ...errors },
        },
      },
      async (request) => deleteSingleContact(app.prisma, me(request), request.params.residentId, type),
    );
  }
};
export default residentsRoutes;
