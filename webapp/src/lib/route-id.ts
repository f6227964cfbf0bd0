/** A record's id from the address (a post's, a notice's): a positive integer, or null. */
export function parseRouteId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
