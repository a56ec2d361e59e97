import { createHash } from 'node:crypto';
import { it } from '@lexpath/shared';
import { STORED_FILE_NAME_PATTERN } from '@lexpath/shared/schemas/templates';
import { and, eq, inArray, notExists, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { files, templateDocuments, templateVersions } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { isPgError, PG_FOREIGN_KEY_VIOLATION } from '../../lib/pg-errors.ts';

export const DOCX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A file as stored: its content hash, the name it was first uploaded with, its bytes. */
export type StoredFile = { sha256: string; name: string; bytes: Buffer };

export function sha256Of(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The name the API hands out for stored bytes: `<sha256>.docx`. It names the content, so two
 * uploads of the same file share one row, and it never names a path on any disk.
 */
export function storedFileName(sha256: string): string {
  return `${sha256}.docx`;
}

/** The hash a stored name stands for; null when the text is not one of our names. */
export function sha256OfStoredName(name: string): string | null {
  return STORED_FILE_NAME_PATTERN.test(name) ? name.slice(0, 64) : null;
}

/** Stores bytes once: uploading the same file again (any name) adds no row. */
export async function storeFile(
  db: DbExecutor,
  file: { name: string; bytes: Buffer },
): Promise<string> {
  const sha256 = sha256Of(file.bytes);
  await db
    .insert(files)
    .values({
      sha256,
      bytes: file.bytes,
      name: file.name,
      size: file.bytes.length,
      contentType: DOCX_CONTENT_TYPE,
    })
    .onConflictDoNothing({ target: files.sha256 });
  return sha256;
}

/**
 * Stored files by hash. `lock` takes FOR KEY SHARE on the rows, so a delete-master running at the
 * same time waits for the caller's transaction instead of removing a file it is about to use.
 */
/** The bytes of a stored file; a missing one is a broken invariant (versions reference files). */
export async function readFileBytes(db: DbExecutor, sha256: string): Promise<Buffer> {
  const [row] = await db.select({ bytes: files.bytes }).from(files).where(eq(files.sha256, sha256));
  if (!row) throw new Error(`stored file ${sha256} is missing`);
  return row.bytes;
}

export async function findFiles(
  db: DbExecutor,
  hashes: string[],
  options: { lock?: boolean } = {},
): Promise<Map<string, StoredFile>> {
  const unique = [...new Set(hashes)];
  if (unique.length === 0) return new Map();
  const query = db
    .select({ sha256: files.sha256, name: files.name, bytes: files.bytes })
    .from(files)
    .where(inArray(files.sha256, unique));
  const rows = options.lock ? await query.for('key share') : await query;
  return new Map(rows.map((row) => [row.sha256, row]));
}

/**
 * POST /template/delete-master: removes an uploaded file that no template version uses (an
 * upload the editor replaced before saving). The database decides, never a path: 404 for a name
 * that is not stored, 409 when a version references it.
 */
export async function deleteUnusedFile(db: DbExecutor, fileName: string): Promise<void> {
  const sha256 = sha256OfStoredName(fileName);
  if (!sha256) throw new AppError('notFound', it.errors.notFound);
  const usedByVersion = db
    .select({ one: sql`1` })
    .from(templateVersions)
    .where(
      or(eq(templateVersions.masterSha256, sha256), eq(templateVersions.previewSha256, sha256)),
    );
  const usedBySet = db
    .select({ one: sql`1` })
    .from(templateDocuments)
    .where(eq(templateDocuments.masterSha256, sha256));
  let deleted: { sha256: string }[];
  try {
    deleted = await db
      .delete(files)
      .where(and(eq(files.sha256, sha256), notExists(usedByVersion), notExists(usedBySet)))
      .returning({ sha256: files.sha256 });
  } catch (error) {
    // A version inserted between the check and the delete: the foreign key refuses.
    if (isPgError(error, PG_FOREIGN_KEY_VIOLATION))
      throw new AppError('conflict', it.templates.fileInUse);
    throw error;
  }
  if (deleted.length > 0) return;
  const [exists] = await db
    .select({ sha256: files.sha256 })
    .from(files)
    .where(eq(files.sha256, sha256));
  throw exists
    ? new AppError('conflict', it.templates.fileInUse)
    : new AppError('notFound', it.errors.notFound);
}
