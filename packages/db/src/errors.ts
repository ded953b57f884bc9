/**
 * A unique-key violation reported by Prisma (P2002): a concurrent writer won, or a duplicate (a second unit of
 * the same name). `target`, when given, must appear in the error's meta (the key's columns or its name), to tell
 * one key from another. Duck-typed, so an error crossing a transaction or another copy of the client still counts.
 */
export function isUniqueViolation(error: unknown, target?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, meta } = error as { code?: unknown; meta?: unknown };
  return code === 'P2002' && (!target || JSON.stringify(meta ?? {}).includes(target));
}
