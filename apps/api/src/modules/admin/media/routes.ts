import {
  ERROR_REPLIES,
  IMAGE_UPLOAD_CONTENT_TYPE,
  MEDIA_IMAGE_MAX_BYTES,
  ZDeletedReplySchema,
  ZErrorReplySchema,
  ZMediaImageParamsSchema,
  ZMediaImageStoredReplySchema,
  ZMediaImageTextReplySchema,
  ZPutMediaImageQuerySchema,
} from '@sage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteImage, getImageText, putImage } from './service';

const tags = ['admin: media'];

/** GET (text reply), PUT (application/octet-stream), DELETE /media/images/{resourceId} (decision 0178). */
const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const caller = (request: { auth: { staffMemberId: string } | null }) => request.auth?.staffMemberId ?? '';

  // Raw bytes, in this scope only; a larger body is refused by Fastify with a 413 before it is read whole.
  app.addContentTypeParser(
    IMAGE_UPLOAD_CONTENT_TYPE,
    { parseAs: 'buffer', bodyLimit: MEDIA_IMAGE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/images/:resourceId',
    {
      schema: {
        tags,
        summary: "An image of the caller's company as a data URL (text); 'ri.mock' ids are 404",
        params: ZMediaImageParamsSchema,
        response: { 200: ZMediaImageTextReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send(await getImageText(app.prisma, caller(request), request.params.resourceId)),
  );

  app.put(
    '/images/:resourceId',
    {
      schema: {
        tags,
        summary: 'Store an image (PNG, JPEG, GIF or WebP, at most 2 MiB) sent as application/octet-stream',
        params: ZMediaImageParamsSchema,
        querystring: ZPutMediaImageQuerySchema,
        response: {
          200: ZMediaImageStoredReplySchema,
          ...ERROR_REPLIES,
          413: ZErrorReplySchema,
          415: ZErrorReplySchema,
        },
      },
    },
    async (request) =>
      putImage(
        app.prisma,
        caller(request),
        request.params.resourceId,
        request.query.enterpriseId,
        request.body,
      ),
  );

  app.delete(
    '/images/:resourceId',
    {
      schema: {
        tags,
        summary: 'Delete an image of the caller’s company (management)',
        params: ZMediaImageParamsSchema,
        response: { 200: ZDeletedReplySchema, ...ERROR_REPLIES },
      },
    },
    async (request) => deleteImage(app.prisma, caller(request), request.params.resourceId),
  );
};
export default mediaRoutes;
