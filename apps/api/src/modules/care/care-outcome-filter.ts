import { CareOutcomeValue, type TCareOutcomeFilter } from '@sage/contract';
import type { CareOutcomeValue as DbCareOutcomeValue, Prisma } from '@sage/db';

const OUTCOME_VALUES = new Set<string>(Object.values(CareOutcomeValue));

/**
 * A `careOutcomes` filter: outcome values (COMPLETED, NOT_COMPLETED, REFUSED) and care types (ADL_BATHING,
 * ...) in one list. Values of a kind are or-ed, the kinds and-ed on the same outcome ("REFUSED bathing").
 */
export function careOutcomeWhere(
  values: readonly TCareOutcomeFilter[] | undefined,
): Prisma.CareOutcomeWhereInput | null {
  if (!values?.length) return null;
  const outcomes = values.filter((v) => OUTCOME_VALUES.has(v)) as DbCareOutcomeValue[];
  const types = values.filter((v) => !OUTCOME_VALUES.has(v));
  return {
    ...(outcomes.length ? { outcome: { in: outcomes } } : {}),
    ...(types.length ? { careProvided: { in: types } } : {}),
  };
}
