import { PUBLIC_SIGNUP_DISABLED_MESSAGE, SigninErrorCode } from '@sage/contract';
import { issueLoginCode, verifyLoginCode } from '../codes/login-codes';
import type { SigninDeps } from '../deps';
import { SigninError } from '../errors';
import { signIdToken } from '../tokens/access-token';
import { startSession } from '../tokens/refresh-tokens';

async function staffByEmail(deps: SigninDeps, email: string) {
  return deps.prisma.staffMember.findFirst({
    where: { email: { equals: email.trim(), mode: 'insensitive' }, isArchived: false },
    select: { id: true, phoneNumber: true, email: true, firstName: true, lastName: true },
  });
}

/** Emails a sign-in code (the email channel has its own resend wait and hourly cap; the lock is shared). */
export async function startEmailSignin(
  deps: SigninDeps,
  email: string,
  requestIp: string | null,
): Promise<void> {
  const staff = await staffByEmail(deps, email);
  if (!staff?.email)
    throw new SigninError(400, PUBLIC_SIGNUP_DISABLED_MESSAGE, SigninErrorCode.bad_connection);
  const to = staff.email;
  await issueLoginCode(deps, staff, 'EMAIL', requestIp, async (code) => {
    try {
      await deps.mailer.send({
        to,
        subject: `${code} is your Sage Care sign-in code`,
        text: `${code} is your Sage Care verification code. It expires in 10 minutes. Do not share it.\n\nIf you did not ask for it, ignore this email.`,
      });
    } catch {
      throw new SigninError(
        502,
        'The email could not be sent: try again later',
        SigninErrorCode.delivery_failed,
      );
    }
  });
}

export interface ImplicitFlowTokens {
  access_token: string;
  id_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  staff_member_id: string;
}

/** Checks the emailed code; a session plus an id token for the callback's hash. */
export async function verifyEmailSignin(
  deps: SigninDeps,
  email: string,
  code: string,
  options: { nonce?: string | undefined; clientId?: string | undefined },
): Promise<ImplicitFlowTokens> {
  const staff = await staffByEmail(deps, email);
  if (!staff) {
    throw new SigninError(
      401,
      'There is no valid code for this email address',
      SigninErrorCode.access_denied,
    );
  }
  await verifyLoginCode(deps, staff, 'EMAIL', code);
  const session = await startSession(deps, staff.id);
  const idToken = await signIdToken(
    {
      staffMemberId: staff.id,
      email: staff.email,
      firstName: staff.firstName,
      lastName: staff.lastName,
      ...(options.nonce ? { nonce: options.nonce } : {}),
    },
    deps.config.JWT_SECRET,
    deps.config.ACCESS_TOKEN_TTL_SECONDS,
    options.clientId,
  );
  return {
    access_token: session.accessToken,
    id_token: idToken,
    token_type: 'Bearer',
    expires_in: session.expiresIn,
    refresh_token: session.refreshToken,
    staff_member_id: staff.id,
  };
}
