import {
  PhoneScreenErrors,
  SigninErrorCode,
  ZAuthorizeQuerySchema,
  ZVerificationCodeSchema,
} from '@sage/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { PUBLIC_BODY_LIMITS, PUBLIC_RATE_LIMITS } from '../../../plugins/app/public-limits';
import type { SigninDeps } from '../deps';
import { SigninError } from '../errors';
import { addressRateLimit } from '../routes';
import {
  codePage,
  emailPage,
  type FlowParams,
  INVALID_CODE_ERROR,
  LOCKED_ERROR,
  type PageError,
  problemPage,
} from './page';
import { isRegisteredRedirectUri } from './redirect-uris';
import { startEmailSignin, verifyEmailSignin } from './service';

const NOT_A_STAFF_EMAIL: PageError = {
  title: 'Not a correct email address',
  text: 'Check the email address for mistakes. If it is correct, ask your manager to check your profile',
};
const INVALID_EMAIL: PageError = {
  title: 'Email address is invalid',
  text: 'Enter the email address of your profile.',
};
const OTHER_ERROR: PageError = { title: PhoneScreenErrors.other.title, text: PhoneScreenErrors.other.text };

function sendPage(reply: FastifyReply, status: number, html: string, redirectUri?: string): FastifyReply {
  let formTargets = "'self'";
  if (redirectUri) {
    try {
      formTargets += ` ${new URL(redirectUri).origin}`;
    } catch {
      // not a URL: no extra target
    }
  }
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action ${formTargets}; frame-ancestors 'none'; base-uri 'none'`,
    )
    .send(html);
}

type FlowCheck = { ok: true; params: FlowParams } | { ok: false; problem: string };

/** The implicit-flow parameters, checked: response_type, a registered redirect_uri, state. */
function checkFlow(deps: SigninDeps, input: unknown): FlowCheck {
  const parsed = ZAuthorizeQuerySchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || 'request';
    return {
      ok: false,
      problem: `${field}: ${issue?.message ?? 'is invalid'} (${issue?.code ?? 'invalid'})`,
    };
  }
  if (!isRegisteredRedirectUri(deps.config, parsed.data.redirect_uri)) {
    return { ok: false, problem: 'redirect_uri: is not a registered redirect address (registered)' };
  }
  return { ok: true, params: parsed.data };
}

const refuse = (reply: FastifyReply, problem: string) =>
  sendPage(reply, 400, problemPage('This sign-in link cannot be used', problem));

const ZEmailFormSchema = z.object({ email: z.email() });
const ZCodeFormSchema = z.object({ email: z.email(), code: ZVerificationCodeSchema });

/**
 * Our own hosted email sign-in page (implicit flow, `response_type=token id_token`): GET shows the email form,
 * the email form sends a code, the code form returns to the registered callback with the tokens in the hash.
 */
const authorizeRoutes: FastifyPluginAsync<{ deps: SigninDeps }> = async (app, { deps }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  // Failures outside the handlers (rate limit, bad form encoding) are shown as a page too.
  app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    return sendPage(
      reply,
      status,
      problemPage(OTHER_ERROR.title, status < 500 ? error.message : OTHER_ERROR.text),
    );
  });

  // HTML pages: each handler checks its own input and answers a page, so the schemas carry no validation.
  const page = (summary: string) => ({ schema: { tags: ['sign-in'], summary, security: [] } });

  app.get(
    '',
    {
      ...page('The hosted email sign-in page (implicit flow)'),
      config: { rateLimit: PUBLIC_RATE_LIMITS.signinPage },
    },
    async (request, reply) => {
      const flow = checkFlow(deps, request.query);
      if (!flow.ok) return refuse(reply, flow.problem);
      if (deps.mailer.kind === 'unavailable') {
        return sendPage(
          reply,
          503,
          problemPage('Email sign-in is not available', 'Log in with your phone number.'),
        );
      }
      return sendPage(reply, 200, emailPage(flow.params), flow.params.redirect_uri);
    },
  );

  app.post(
    '/email',
    {
      ...page('Send a sign-in code to the email address'),
      config: { rateLimit: addressRateLimit(app), sharedRateLimit: true },
      bodyLimit: PUBLIC_BODY_LIMITS.signinPageForm,
    },
    async (request, reply) => {
      const flow = checkFlow(deps, request.body);
      if (!flow.ok) return refuse(reply, flow.problem);
      const { params } = flow;
      const form = ZEmailFormSchema.safeParse(request.body);
      if (!form.success)
        return sendPage(reply, 400, emailPage(params, { error: INVALID_EMAIL }), params.redirect_uri);
      const { email } = form.data;
      try {
        await startEmailSignin(deps, email, request.ip ?? null);
      } catch (error) {
        if (!(error instanceof SigninError)) throw error;
        const page = (status: number, pageError: PageError) =>
          sendPage(reply, status, emailPage(params, { email, error: pageError }), params.redirect_uri);
        switch (error.code) {
          case SigninErrorCode.bad_connection:
            return page(400, NOT_A_STAFF_EMAIL);
          case SigninErrorCode.too_many_attempts:
            return page(429, LOCKED_ERROR);
          case SigninErrorCode.rate_limited:
            return sendPage(
              reply,
              429,
              codePage(params, email, {
                info: `A code was sent to ${email} a moment ago. ${error.message}.`,
              }),
              params.redirect_uri,
            );
          default:
            return page(error.statusCode, OTHER_ERROR);
        }
      }
      return sendPage(reply, 200, codePage(params, email), params.redirect_uri);
    },
  );

  app.post(
    '/verify',
    {
      ...page('Check the emailed code and return to the callback with the tokens'),
      config: { rateLimit: PUBLIC_RATE_LIMITS.signinPage },
      bodyLimit: PUBLIC_BODY_LIMITS.signinPageForm,
    },
    async (request, reply) => {
      const flow = checkFlow(deps, request.body);
      if (!flow.ok) return refuse(reply, flow.problem);
      const { params } = flow;
      const form = ZCodeFormSchema.safeParse(request.body);
      const email =
        typeof (request.body as { email?: unknown })?.email === 'string'
          ? (request.body as { email: string }).email
          : '';
      if (!form.success) {
        return sendPage(
          reply,
          400,
          codePage(params, email, { error: INVALID_CODE_ERROR }),
          params.redirect_uri,
        );
      }
      try {
        const tokens = await verifyEmailSignin(deps, form.data.email, form.data.code, {
          nonce: params.nonce,
          clientId: params.client_id,
        });
        const hash = new URLSearchParams({
          access_token: tokens.access_token,
          id_token: tokens.id_token,
          token_type: tokens.token_type,
          expires_in: String(tokens.expires_in),
          state: params.state,
          refresh_token: tokens.refresh_token,
          staff_member_id: tokens.staff_member_id,
        });
        return reply
          .code(303)
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .header('location', `${params.redirect_uri}#${hash.toString()}`)
          .send();
      } catch (error) {
        if (!(error instanceof SigninError)) throw error;
        const locked = error.code === SigninErrorCode.too_many_attempts;
        return sendPage(
          reply,
          error.statusCode,
          codePage(params, form.data.email, { error: locked ? LOCKED_ERROR : INVALID_CODE_ERROR }),
          params.redirect_uri,
        );
      }
    },
  );
};
export default authorizeRoutes;
