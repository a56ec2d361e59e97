import { encodeExtended } from 'content-disposition';

/** Characters no file name may carry on any system: controls and Windows' reserved ones. */
function isUnsafeFileNameCharacter(character: string): boolean {
  const code = character.charCodeAt(0);
  return code < 0x20 || code === 0x7f || '/\\:*?"<>|'.includes(character);
}

/** A file name safe to save anywhere: unsafe characters become `_`, blanks collapse. */
export function safeFileName(name: string): string {
  const cleaned = [...name]
    .map((character) => (isUnsafeFileNameCharacter(character) ? '_' : character))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned || 'documento';
}

/**
 * `Content-Disposition: attachment` with the real (Italian, accented) name in `filename*`
 * (RFC 6266 / 8187, encoded by the `content-disposition` package) and, for clients that ignore
 * it, the name without its accents in `filename`. The package's own `create` is not used: its
 * fallback turns «perché» into «perch?» and it drops `filename*` for an ASCII name.
 */
export function attachmentDisposition(fileName: string): string {
  const name = safeFileName(fileName);
  // safeFileName took out `"` and `\`: the quoted string needs no escapes.
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=${encodeExtended(name)}`;
}
