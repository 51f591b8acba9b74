/**
 * A leg's recorded time as the provider wrote it: the stored text, or the ISO 8601 form of `at_ms` (from migration 6 a
 * leg keeps `created_at` only when it is not that form).
 */
export function createdAtSql(legs: string): string {
  return `COALESCE(${legs}.created_at, strftime('%Y-%m-%dT%H:%M:%fZ', ${legs}.at_ms / 1000.0, 'unixepoch'))`
}
