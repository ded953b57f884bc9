import { randomBytes, randomUUID } from 'node:crypto';
import type { PrismaClient } from '@sage/db';
import { signAccessToken } from '../tokens/access-token';
import { hashRefreshToken } from '../tokens/refresh-tokens';

/**
 * A session written straight to the database and an access token of it, as a sign-in would give: for tests
 * and benchmarks, which skip the text-message code. The refresh token itself is thrown away.
 */
export async function openSessionToken(
  prisma: PrismaClient,
  staffMemberId: string,
  secret: string,
  ttlSeconds: number,
): Promise<{ token: string; sessionId: string }> {
  const sessionId = randomUUID();
  await prisma.refreshToken.create({
    data: {
      id: sessionId,
      familyId: sessionId,
      staffMemberId,
      tokenHash: hashRefreshToken(randomBytes(32).toString('base64url')),
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  const { token } = await signAccessToken(staffMemberId, secret, ttlSeconds, sessionId);
  return { token, sessionId };
}
