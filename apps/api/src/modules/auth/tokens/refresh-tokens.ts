import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { ServiceErrorMessages, type TTokenReply } from '@sage/contract';
import type { Db } from '@sage/db';
import { isInactiveTooLong, lastActivityAt } from '@sage/domain';
import type { SigninDeps } from '../deps';
import { loginRequired, sessionExpired } from '../errors';
import { announceSessionEnded } from '../sessions/registry';
import { signAccessToken } from './access-token';
import { loadInactivityLimitMinutes } from './inactivity';

/** Refresh tokens are 256 random bits; only their SHA-256 is stored. */
export const hashRefreshToken = (token: string): string => createHash('sha256').update(token).digest('hex');

async function createRefreshToken(
  db: Db,
  deps: SigninDeps,
  staffMemberId: string,
  family: { familyId: string; parentId: string | null; lastActivityAt?: Date },
): Promise<string> {
  const now = deps.now();
  const token = randomBytes(32).toString('base64url');
  await db.refreshToken.create({
    data: {
      // The first token of a family has the family's id: the session check is a primary-key read.
      ...(family.parentId === null ? { id: family.familyId } : {}),
      staffMemberId,
      tokenHash: hashRefreshToken(token),
      familyId: family.familyId,
      parentId: family.parentId,
      lastActivityAt: family.lastActivityAt ?? now,
      createdAt: now,
      expiresAt: new Date(now.getTime() + deps.config.REFRESH_TOKEN_TTL_SECONDS * 1000),
    },
  });
  return token;
}

async function tokenReply(
  deps: SigninDeps,
  staffMemberId: string,
  sessionId: string,
  refreshToken: string,
  limitMinutes?: number,
): Promise<TTokenReply> {
  const [{ token, expiresIn }, minutes] = await Promise.all([
    signAccessToken(staffMemberId, deps.config.JWT_SECRET, deps.config.ACCESS_TOKEN_TTL_SECONDS, sessionId),
    limitMinutes ?? loadInactivityLimitMinutes(deps.prisma, staffMemberId),
  ]);
  return {
    accessToken: token,
    refreshToken,
    expiresIn,
    staffMemberId,
    inactivityLogoffSeconds: minutes * 60,
  };
}

/** A new session after a successful sign-in: an access token and the first refresh token of a new chain. */
export async function startSession(deps: SigninDeps, staffMemberId: string): Promise<TTokenReply> {
  const sessionId = randomUUID();
  const refreshToken = await createRefreshToken(deps.prisma, deps, staffMemberId, {
    familyId: sessionId,
    parentId: null,
  });
  return tokenReply(deps, staffMemberId, sessionId, refreshToken);
}

/**
 * Token refresh with rotation: the presented token is used up and a new one of the same chain is returned.
 * A token presented again after use (a stolen copy, or the thief's after the owner's) revokes the whole chain.
 * Unknown, expired or revoked tokens, and archived staff: 401 login_required.
 */
export async function rotateRefreshToken(
  deps: SigninDeps,
  presented: string,
  idleSeconds?: number,
): Promise<TTokenReply> {
  const now = deps.now();
  const outcome = await deps.prisma.$transaction(async (tx) => {
    const row = await tx.refreshToken.findUnique({
      where: { tokenHash: hashRefreshToken(presented) },
      select: {
        id: true,
        familyId: true,
        staffMemberId: true,
        usedAt: true,
        revokedAt: true,
        expiresAt: true,
        lastActivityAt: true,
        staffMember: { select: { isArchived: true } },
      },
    });
    if (!row) return { kind: 'unknown' as const };
    if (row.revokedAt) return { kind: 'revoked' as const };
    if (row.expiresAt <= now) return { kind: 'expired' as const };
    // Automatic logoff (decision 0142): unused past the limit, the session ends and cannot be refreshed.
    const activeAt = new Date(lastActivityAt(row.lastActivityAt.getTime(), now.getTime(), idleSeconds));
    const limitMinutes = await loadInactivityLimitMinutes(tx, row.staffMemberId);
    if (isInactiveTooLong(activeAt.getTime(), now.getTime(), limitMinutes)) {
      await tx.refreshToken.updateMany({
        where: { familyId: row.familyId, revokedAt: null },
        data: { revokedAt: now },
      });
      await announceSessionEnded(tx, row.familyId);
      return { kind: 'inactive' as const, limitMinutes, sessionId: row.familyId };
    }
    // Only one caller can use a token: the conditional update decides under concurrency.
    const used = row.usedAt
      ? { count: 0 }
      : await tx.refreshToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: now } });
    if (used.count === 0 || row.staffMember.isArchived) {
      await tx.refreshToken.updateMany({
        where: { familyId: row.familyId, revokedAt: null },
        data: { revokedAt: now },
      });
      await announceSessionEnded(tx, row.familyId);
      return {
        kind: row.staffMember.isArchived ? ('archived' as const) : ('reused' as const),
        sessionId: row.familyId,
      };
    }
    const refreshToken = await createRefreshToken(tx, deps, row.staffMemberId, {
      familyId: row.familyId,
      parentId: row.id,
      lastActivityAt: activeAt,
    });
    return {
      kind: 'rotated' as const,
      staffMemberId: row.staffMemberId,
      sessionId: row.familyId,
      refreshToken,
      limitMinutes,
    };
  });
  if (outcome.kind === 'reused' || outcome.kind === 'archived' || outcome.kind === 'inactive') {
    deps.sessions?.ended(outcome.sessionId);
  }

  switch (outcome.kind) {
    case 'rotated':
      return tokenReply(
        deps,
        outcome.staffMemberId,
        outcome.sessionId,
        outcome.refreshToken,
        outcome.limitMinutes,
      );
    case 'inactive':
      throw sessionExpired(
        `The session was not used for more than ${outcome.limitMinutes} min and has ended: sign in again`,
      );
    case 'unknown':
      throw loginRequired('Unknown refresh token: sign in again');
    case 'revoked':
      throw loginRequired(ServiceErrorMessages.sessionEnded);
    case 'expired':
      throw loginRequired('The session has expired: sign in again');
    case 'archived':
      throw loginRequired('This staff member can no longer sign in');
    case 'reused':
      throw loginRequired(
        'This refresh token was already used: the session was ended for safety, sign in again',
      );
  }
}

/**
 * Logout: the presented token's whole chain is revoked, and its access tokens and live sockets stop working at
 * once, in every API process (decision 0130). Unknown tokens are ignored (logout always works).
 */
export async function revokeSession(deps: SigninDeps, presented: string): Promise<void> {
  const row = await deps.prisma.refreshToken.findUnique({
    where: { tokenHash: hashRefreshToken(presented) },
    select: { familyId: true },
  });
  if (!row) return;
  await deps.prisma.$transaction(async (tx) => {
    await tx.refreshToken.updateMany({
      where: { familyId: row.familyId, revokedAt: null },
      data: { revokedAt: deps.now() },
    });
    await announceSessionEnded(tx, row.familyId);
  });
  deps.sessions?.ended(row.familyId);
}
