export interface SearchableResident {
  firstName: string;
  middleName?: string | null;
  lastName: string;
}

/** 'First Middle Last' (no middle name: 'First Last'). */
export const residentFullName = (r: SearchableResident): string =>
  [r.firstName, r.middleName, r.lastName].filter((part) => part && part.trim() !== '').join(' ');

/**
 * "Search filters are case-insensitive substring matches on the name": the trimmed search text within the
 * name, ignoring case; an empty search matches everything.
 */
export const nameMatchesSearch = (name: string, search: string): boolean => {
  const needle = search.trim().toLowerCase();
  return needle === '' || name.toLowerCase().includes(needle);
};

/**
 * "Resident search: case-insensitive match on the full name including middle name." A substring match of
 * the trimmed search text on 'First Middle Last'; an empty search matches everyone.
 */
export const residentMatchesSearch = (resident: SearchableResident, search: string): boolean =>
  nameMatchesSearch(residentFullName(resident), search);

/** Age in whole years on `today` from a 'yyyy-MM-dd' birth date; null when unknown. */
export const ageOn = (dateOfBirth: string | null | undefined, today: Date): number | null => {
  if (!dateOfBirth) return null;
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  if (!y || !m || !d) return null;
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) age -= 1;
  return age;
};
