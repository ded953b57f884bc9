import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { SERVICE_BASE_PATHS } from '@sage/contract';
import {
  acceptLanguageTags,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGES,
  type Language,
  languageFromTags,
} from '@sage/i18n/languages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Paths that never fall back to the web app's index.html.
const API_PREFIXES = [...Object.values(SERVICE_BASE_PATHS), '/docs', '/dev/', '/healthz', '/readyz', '/live'];

/**
 * Serves the built web app at `/`; client-side routes (a GET for HTML outside the APIs) get index.html.
 * Everything else unknown is a JSON 404.
 */
export default fp(async function web(app: FastifyInstance) {
  const root = app.config.WEB_DIST_DIR;
  const hasWeb = fs.existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: 'index.html',
      // The .br / .gz copies written at build time (apps/web/scripts/precompress.mjs; decision 0134).
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite's hashed files never change under their name; the rest (index.html, sw.js) is revalidated.
        const hashed = filePath.startsWith(path.join(root, 'assets') + path.sep);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ root }, 'the web app is not built (pnpm --filter @sage/web build): serving the APIs only');
  }
  // The sign-in page prerendered at build time, one file per language (decision 0900): served at /authenticate in
  // the reader's language (the one chosen on that screen, else the browser's), so the form is painted before any
  // script has run. Every other address gets index.html (a signed-in reload must not show a sign-in form).
  const prerendered = hasWeb && LANGUAGES.every((l) => fs.existsSync(path.join(root, signInFile(l))));
  if (prerendered) {
    app.get('/authenticate', (request, reply) => {
      const language = readerLanguage(request.headers.cookie, request.headers['accept-language']);
      return reply.type('text/html').header('vary', 'Accept-Language, Cookie').sendFile(signInFile(language));
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (hasWeb && wantsHtml && !API_PREFIXES.some((p) => url.startsWith(p))) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply
      .code(404)
      .send({ statusCode: 404, error: 'Not Found', message: `Route ${request.method} ${url} not found` });
  });
});

const signInFile = (language: Language) => `authenticate.${language}.html`;

/** The language chosen on the sign-in screen (its cookie), else the first of Accept-Language's that we have. */
export function readerLanguage(
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
): Language {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return languageFromTags(acceptLanguageTags(acceptLanguage));
}
