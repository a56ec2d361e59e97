/** A `%…%` ILIKE pattern with the wildcards escaped: a search for "50%" finds "50%", not all. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
