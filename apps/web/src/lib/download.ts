/** The file name of a Content-Disposition header: RFC 5987 `filename*=UTF-8''…` first, then a
 * plain `filename="…"` (SPEC §7: downloads are saved under the server's name). */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed encoding: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/** Saves a blob through a temporary link carrying the file name, as browsers require. */
export function saveBlobAs(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download asynchronously: revoke the URL only after it began.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
