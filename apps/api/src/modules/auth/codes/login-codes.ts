import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { SigninErrorCode, VERIFICATION_CODE_LENGTH } from '@sage/contract';
import type { OutboxChannel, Prisma } from '@sage/db';
import type { SigninDeps } from '../deps';
import { retryLater, SigninError, tooManyAttempts } from '../errors';
import { SIGNIN_LIMITS } from '../settings';

type Tx = Prisma.TransactionClient;

/** The staff member a code is for. */
export interface CodeOwner {
  id: string;
  phoneNumber: string;
}

/** Six digits from the operating system's secure random source. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
}

/**
 * Codes are stored as an HMAC keyed with the server secret (a plain hash of six digits is reversed by trying
 * the million values), bound to the staff member and the channel.
 */
export function hashCode(secret: string, owner: string, channel: OutboxChannel, code: string): string {
  return createHmac('sha256', secret).update(`login-code:${owner}:${channel}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Serialises sign-in work on one staff member across API instances (row lock until the transaction ends). */
async function lockOwner(tx: Tx, staffMemberId: string): Promise<{ lockedUntil: Date | null }> {
  const rows = await tx.$queryRaw<{ lockedUntil: Date | null }[]>`
    SELECT "lockedUntil" FROM "StaffMember" WHERE id = ${staffMemberId} FOR UPDATE`;
  return rows[0] ?? { lockedUntil: null };
}

/** Whether the number is locked now; an expired lock is lifted (and the wrong-code count restarts). */
async function checkLock(tx: Tx, staffMemberId: string, now: Date): Promise<boolean> {
  const { lockedUntil } = await lockOwner(tx, staffMemberId);
  if (lockedUntil && lockedUntil > now) return true;
  if (lockedUntil) {
    await tx.staffMember.update({
      where: { id: staffMemberId },
      data: { lockedUntil: null, failedLoginAttempts: 0 },
    });
  }
  return false;
}

const secondsUntil = (from: Date, to: Date) => Math.max(1, Math.ceil((to.getTime() - from.getTime()) / 1000));

/**
 * Issues a new code and delivers it with `deliver` (a text message or an email). Refused while the number is
 * locked, before 30 s since the last code, and past the hourly cap. The newest code replaces earlier ones.
 * When delivery fails the code is deleted, so it neither works nor counts against the limits.
 */
export async function issueLoginCode(
  deps: SigninDeps,
  owner: CodeOwner,
  channel: OutboxChannel,
  requestIp: string | null,
  deliver: (code: string) => Promise<void>,
): Promise<void> {
  const { prisma, config } = deps;
  const now = deps.now();
  const outcome = await prisma.$transaction(async (tx) => {
    if (await checkLock(tx, owner.id, now)) return { kind: 'locked' as const };
    const last = await tx.loginCode.findFirst({
      where: { staffMemberId: owner.id, channel },
      orderBy: { createdAt: 'desc' },
      select: { createdAt: true },
    });
    const resendAt = last ? new Date(last.createdAt.getTime() + SIGNIN_LIMITS.resendAfterMs) : null;
    if (resendAt && resendAt > now) return { kind: 'wait' as const, until: resendAt, why: 'resend' as const };
    const hourAgo = new Date(now.getTime() - 3_600_000);
    const recent = await tx.loginCode.findMany({
      where: { staffMemberId: owner.id, channel, createdAt: { gt: hourAgo } },
      orderBy: { createdAt: 'asc' },
      select: { createdAt: true },
    });
    if (recent.length >= config.SIGNIN_MAX_CODES_PER_HOUR) {
      const oldest = recent[0]?.createdAt ?? now;
      return { kind: 'wait' as const, until: new Date(oldest.getTime() + 3_600_000), why: 'hourly' as const };
    }
    await tx.loginCode.updateMany({
      where: { staffMemberId: owner.id, channel, consumedAt: null, expiresAt: { gt: now } },
      data: { expiresAt: now },
    });
    const code = generateCode();
    const row = await tx.loginCode.create({
      data: {
        phoneNumber: owner.phoneNumber,
        channel,
        staffMemberId: owner.id,
        codeHash: hashCode(config.JWT_SECRET, owner.id, channel, code),
        expiresAt: new Date(now.getTime() + SIGNIN_LIMITS.codeTtlMs),
        requestIp,
        createdAt: now,
      },
      select: { id: true },
    });
    return { kind: 'issued' as const, code, id: row.id };
  });

  if (outcome.kind === 'locked') throw tooManyAttempts();
  if (outcome.kind === 'wait') {
    throw retryLater(
      secondsUntil(now, outcome.until),
      outcome.why === 'resend'
        ? 'A code was sent less than 30 s ago'
        : `No more than ${config.SIGNIN_MAX_CODES_PER_HOUR} codes an hour are sent to one number`,
    );
  }
  try {
    await deliver(outcome.code);
  } catch (error) {
    await prisma.loginCode.deleteMany({ where: { id: outcome.id } });
    throw error;
  }
}

/**
 * Checks a code against the staff member's live code (the newest, unexpired, unused one). Right: the code is
 * used up and the wrong-code count restarts. Wrong: counted; at the limit the number is locked and its live
 * codes end. All in one transaction holding the staff member's row, so a code works once.
 */
export async function verifyLoginCode(
  deps: SigninDeps,
  owner: CodeOwner,
  channel: OutboxChannel,
  code: string,
): Promise<void> {
  const { prisma, config } = deps;
  const now = deps.now();
  const outcome = await prisma.$transaction(async (tx) => {
    if (await checkLock(tx, owner.id, now)) return { kind: 'locked' as const };
    const live = await tx.loginCode.findFirst({
      where: { staffMemberId: owner.id, channel, consumedAt: null, expiresAt: { gt: now } },
      orderBy: { createdAt: 'desc' },
      select: { id: true, codeHash: true },
    });
    if (!live) return { kind: 'no-code' as const };
    if (!sameHash(live.codeHash, hashCode(config.JWT_SECRET, owner.id, channel, code))) {
      await tx.loginCode.update({ where: { id: live.id }, data: { attempts: { increment: 1 } } });
      const { failedLoginAttempts } = await tx.staffMember.update({
        where: { id: owner.id },
        data: { failedLoginAttempts: { increment: 1 } },
        select: { failedLoginAttempts: true },
      });
      if (failedLoginAttempts >= SIGNIN_LIMITS.maxFailedAttempts) {
        await tx.staffMember.update({
          where: { id: owner.id },
          data: { lockedUntil: new Date(now.getTime() + SIGNIN_LIMITS.lockMs) },
        });
        await tx.loginCode.updateMany({
          where: { staffMemberId: owner.id, consumedAt: null, expiresAt: { gt: now } },
          data: { expiresAt: now },
        });
        return { kind: 'locked' as const };
      }
      return { kind: 'wrong' as const, remaining: SIGNIN_LIMITS.maxFailedAttempts - failedLoginAttempts };
    }
    await tx.loginCode.update({ where: { id: live.id }, data: { consumedAt: now } });
    await tx.staffMember.update({
      where: { id: owner.id },
      data: { failedLoginAttempts: 0, lockedUntil: null },
    });
    return { kind: 'ok' as const };
  });

  switch (outcome.kind) {
    case 'ok':
      return;
    case 'locked':
      throw tooManyAttempts();
    case 'no-code':
      throw new SigninError(
        401,
        'There is no valid code for this number: it has expired or was already used. Ask for a new one.',
        SigninErrorCode.access_denied,
      );
    case 'wrong':
      throw new SigninError(
        401,
        `Wrong verification code (${outcome.remaining} ${outcome.remaining === 1 ? 'try' : 'tries'} left)`,
        SigninErrorCode.mfa_invalid_code,
      );
  }
}
