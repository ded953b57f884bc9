import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'sage-care';
const AUDIENCE = 'sage-care-api';

export interface AccessTokenClaims {
  staffMemberId: string;
  /** The session (refresh-token family) the token was issued for; it must still be live (decision 0130). */
  sessionId: string;
  expiresAt: Date;
}

export type VerifyResult =
  | { ok: true; claims: AccessTokenClaims }
  /** `display`: a station display's view-only token, which staff routes refuse with 403 (decision 0370). */
  | { ok: false; reason: 'expired' | 'invalid' | 'display' };

const key = (secret: string) => new TextEncoder().encode(secret);

/** A short-lived HS256 JWT whose subject is the staff member and whose `sid` is the session it belongs to. */
export async function signAccessToken(
  staffMemberId: string,
  secret: string,
  ttlSeconds: number,
  sessionId: string,
): Promise<{ token: string; expiresIn: number }> {
  return signBearerToken({ typ: 'access', sid: sessionId }, staffMemberId, secret, ttlSeconds);
}

/** Our short-lived HS256 bearer tokens (staff access, station display): issuer, audience, expiry. */
async function signBearerToken(
  claims: Record<string, string>,
  subject: string,
  secret: string,
  ttlSeconds: number,
): Promise<{ token: string; expiresIn: number }> {
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(subject)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key(secret));
  return { token, expiresIn: ttlSeconds };
}

export async function verifyAccessToken(
  token: string,
  secret: string,
  currentDate?: Date,
): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      currentDate,
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub'],
    });
    if (payload.typ === DISPLAY_TOKEN_TYPE) return { ok: false, reason: 'display' };
    // A token without a session (issued before sessions were checked) cannot be ended by logout: refused.
    if (
      payload.typ !== 'access' ||
      !payload.sub ||
      !payload.exp ||
      typeof payload.sid !== 'string' ||
      !payload.sid
    )
      return { ok: false, reason: 'invalid' };
    return {
      ok: true,
      claims: { staffMemberId: payload.sub, sessionId: payload.sid, expiresAt: new Date(payload.exp * 1000) },
    };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}

const DISPLAY_TOKEN_TYPE = 'display';

export interface DisplayTokenClaims {
  stationDisplayId: string;
  expiresAt: Date;
}

/**
 * A station display's view-only access token (decision 0370): subject the display, `typ` 'display'. Staff
 * routes never accept it (verifyAccessToken answers `display`); only the display's own read and /live do.
 */
export async function signDisplayToken(
  stationDisplayId: string,
  secret: string,
  ttlSeconds: number,
): Promise<{ token: string; expiresIn: number }> {
  return signBearerToken({ typ: DISPLAY_TOKEN_TYPE }, stationDisplayId, secret, ttlSeconds);
}

export async function verifyDisplayToken(
  token: string,
  secret: string,
): Promise<{ ok: true; claims: DisplayTokenClaims } | { ok: false; reason: 'expired' | 'invalid' }> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub'],
    });
    if (payload.typ !== DISPLAY_TOKEN_TYPE || !payload.sub || !payload.exp)
      return { ok: false, reason: 'invalid' };
    return { ok: true, claims: { stationDisplayId: payload.sub, expiresAt: new Date(payload.exp * 1000) } };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}

/** The id token of the hosted email sign-in (implicit flow `token id_token`): who signed in, for the client. */
export async function signIdToken(
  claims: {
    staffMemberId: string;
    email: string | null;
    firstName: string;
    lastName: string;
    nonce?: string;
  },
  secret: string,
  ttlSeconds: number,
  audience = 'sage-care-web',
): Promise<string> {
  return new SignJWT({
    typ: 'id',
    email: claims.email ?? undefined,
    given_name: claims.firstName,
    family_name: claims.lastName,
    ...(claims.nonce ? { nonce: claims.nonce } : {}),
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.staffMemberId)
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key(secret));
}

/**
 * `verifyAccessToken` remembering the tokens it verified (decision 0390). A token's signature, issuer,
 * audience and claims never change, so a token verified once needs only its expiry checked again (as jose
 * does: expired once `exp` <= now in whole seconds); a refused token is verified again every time. Whether
 * its session is still live is not remembered here: the caller checks that on every request. Bounded: the
 * oldest entries are dropped first, and simply verified again.
 */
export function createAccessTokenVerifier(
  secret: string,
  options: { maxEntries?: number; now?: () => number } = {},
): (token: string) => Promise<VerifyResult> {
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const verified = new Map<string, AccessTokenClaims>();
  return async (token) => {
    const known = verified.get(token);
    if (known) {
      if (known.expiresAt.getTime() <= Math.floor(now() / 1000) * 1000) {
        verified.delete(token);
        return { ok: false, reason: 'expired' };
      }
      return { ok: true, claims: known };
    }
    const result = await verifyAccessToken(token, secret, new Date(now()));
    if (result.ok) {
      if (verified.size >= maxEntries) verified.delete(verified.keys().next().value as string);
      verified.set(token, result.claims);
    }
    return result;
  };
}
