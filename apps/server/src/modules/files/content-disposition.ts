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

/** RFC 5987 value: UTF-8, percent-encoded, with the characters `attr-char` excludes encoded too. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `Content-Disposition: attachment` with the real (Italian, accented) name in `filename*`
 * (RFC 6266 / 5987) and an ASCII approximation in `filename` for clients that ignore it.
 */
export function attachmentDisposition(fileName: string): string {
  const name = safeFileName(fileName);
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
