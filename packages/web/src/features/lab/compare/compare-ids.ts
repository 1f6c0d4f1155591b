/** Compare takes two to four results. */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

/**
 * The result ids of `?ids=1,2[,3,4]`: positive integers, duplicates dropped, in the given order;
 * null when fewer than two or more than four remain or one is not an id.
 */
export function compareIdsOf(param: string | null): number[] | null {
  if (param === null) return null;
  const parts = param.split(',').map((part) => part.trim());
  if (parts.some((part) => !/^[1-9]\d{0,15}$/.test(part))) return null;
  const ids = [...new Set(parts.map(Number))];
  return ids.length >= COMPARE_MIN && ids.length <= COMPARE_MAX ? ids : null;
}
