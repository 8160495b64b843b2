/**
 * LIKE and ILIKE patterns from a user's search text: the wildcards `%` and `_` and the escape
 * character `\` (PostgreSQL's default) stand for themselves.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** `%text%`: matches where the text stands anywhere, its wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
