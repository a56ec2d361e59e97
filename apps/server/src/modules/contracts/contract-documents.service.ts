/**
 * A contract's documents: the protected preview, the bought .docx, its PDF/A and a set's .zip,
 * each rendered once and cached.
 */
import { createHash } from 'node:crypto';
import { it } from '@lexpath/shared';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { contracts, templateVersions } from '../../db/schema.ts';
import type { DocumentWork } from '../../documents/document-pool.ts';
import { type PdfPool, PdfPoolBusyError } from '../../documents/pdf-pool.ts';
import { renderChangesAt } from '../../documents/render-changes.ts';
import { CalendarDate } from '../../documents/typed-answers.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { LruCache } from '../../lib/lru-cache.ts';
import { type Caller, mayDownloadContract, mayPreviewContract } from '../../policy.ts';
import { AUDIT_ACTIONS, recordAudit } from '../audit/audit.service.ts';
import { readFileBytes } from '../files/files.service.ts';
import { loadVersionQuestions } from '../templates/questionnaire.service.ts';
import { findCompanions } from '../templates/templates.service.ts';
import { notFound } from './contract-cards.ts';
import { type ContractRow, findContract, selectContracts } from './contract-store.ts';
import { findSetDocuments, pickSetDocument, zipSet } from './document-sets.ts';

/** What the preview reads of a contract: its row by primary key and its pinned preview file. */
async function findPreviewSource(db: DbExecutor, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({
      userId: contracts.userId,
      templateVersionId: contracts.templateVersionId,
      answers: contracts.answers,
      previewKey: contracts.previewKey,
      previewSha256: templateVersions.previewSha256,
    })
    .from(contracts)
    .innerJoin(templateVersions, eq(templateVersions.id, contracts.templateVersionId))
    .where(eq(contracts.id, id));
  return row;
}

/**
 * The preview of a set's document `position`: document 1 keeps its preview file (and the cache
 * key it had before sets); a companion has no preview file of its own, its master serves.
 */
async function previewOfDocument(
  db: DbExecutor,
  source: PreviewSource,
  position: number,
): Promise<PreviewSource & { position: number }> {
  if (position === 1) return { ...source, position };
  const companions = await findCompanions(db, source.templateVersionId);
  const companion = companions.find((document) => document.position === position);
  if (!companion) {
    throw new AppError('notFound', it.documentSets.documentNotFound(companions.length + 1));
  }
  return { ...source, previewSha256: companion.masterSha256, position };
}

type PreviewSource = NonNullable<Awaited<ReturnType<typeof findPreviewSource>>>;

/**
 * Where the preview of `source` is cached: the key stored with the contract (its version and
 * answers, hashed when they were written) and the day, as `{oggi}` makes the preview depend on it.
 */
function previewCacheKeyOf(source: PreviewSource & { position?: number }, now: Date): string {
  const document = source.position && source.position > 1 ? `:${source.position}` : '';
  return `${source.previewKey}${document}:${CalendarDate.inItaly(now)}`;
}

/** The preview .docx of `source`: its pinned preview file rendered with its answers. */
async function renderPreviewDocx(
  db: DbExecutor,
  documents: DocumentWork,
  source: PreviewSource,
  now: Date,
): Promise<Buffer> {
  const preview = await readFileBytes(db, source.previewSha256);
  const questions = await loadVersionQuestions(db, source.templateVersionId);
  return documents.render(preview, source.answers, {
    cacheKey: source.previewSha256,
    questions,
    now,
    uncompressed: true,
  });
}

/**
 * GET /contract/preview/{id} (owner): the pinned preview rendered with the answers, as a PDF of
 * page pictures (issue 11: the lawyer reads their facts but cannot copy the text). A PDF
 * cached or converting (ahead of time, issue 13) is found by the contract's stored key, at the
 * cost of one read by primary key; otherwise a place in the conversion queue is claimed before
 * the file is read and rendered, so a burst beyond the queue is refused (503) at once, not
 * after a second of work per request.
 */
export async function renderContractPreview(
  db: DbExecutor,
  documents: DocumentWork,
  pdfPool: PdfPool,
  caller: Caller,
  id: string,
  /** The set's document, from 1. */
  position = 1,
): Promise<Buffer> {
  const found = await findPreviewSource(db, id);
  if (!found || !mayPreviewContract(caller, found)) throw notFound();
  const source = await previewOfDocument(db, found, position);
  const now = new Date();
  const cacheKey = previewCacheKeyOf(source, now);
  const known = pdfPool.peek(cacheKey, 'page-images');
  if (known) {
    try {
      return await known;
    } catch {
      // A conversion ahead of time that failed (logged by the pool): converted now, on demand.
    }
  }
  const place = pdfPool.reserve('page-images');
  try {
    return await place.convert(await renderPreviewDocx(db, documents, source, now), cacheKey);
  } finally {
    place.release();
  }
}

/**
 * Converts a finished contract's preview in the background (issue 13), so the lawyer reading
 * the summary finds it made. Called after the save is committed, so the key read is that of
 * the answers saved; skipped by the pool when it is cached, converting, or every listener has
 * work. Never throws: the preview is converted on demand otherwise.
 */
export async function preparePreview(
  db: DbExecutor,
  documents: DocumentWork,
  pdfPool: PdfPool,
  id: string,
): Promise<boolean> {
  const source = await findPreviewSource(db, id);
  if (!source) return false;
  const now = new Date();
  return pdfPool.prefetch(previewCacheKeyOf(source, now), 'page-images', () =>
    renderPreviewDocx(db, documents, source, now),
  );
}

export type ContractDownload = { bytes: Buffer; fileName: string };

/**
 * Bought documents rendered lately: the PDF/A made after the payment, the .docx download and
 * the PDF download of one purchase render it once, not three times (a render of a long master
 * is most of a purchase's CPU). By contract, payment (and its day, which picks the renderer)
 * and the contract row's last change, so a changed row is rendered again; bounded in entries (a .docx is tens of KB, a few MB at most).
 */
const boughtDocxCache = new LruCache<string, Promise<Buffer>>(32);

/** The bought document's .docx: its pinned master rendered with its answers on its payment day. */
function renderBoughtDocx(
  db: DbExecutor,
  documents: DocumentWork,
  row: Pick<
    ContractRow,
    'id' | 'paymentId' | 'updatedAt' | 'masterSha256' | 'templateVersionId' | 'answers' | 'paidAt'
  >,
  now: Date,
): Promise<Buffer> {
  if (!row.paymentId || !row.paidAt) return renderDocxOf(db, documents, row, now);
  const key = [
    row.id,
    row.paymentId,
    row.paidAt.toISOString(),
    row.updatedAt.toISOString(),
    row.masterSha256,
  ].join(':');
  const known = boughtDocxCache.get(key);
  if (known) return known;
  const rendering = renderDocxOf(db, documents, row, now);
  boughtDocxCache.set(key, rendering);
  rendering.catch(() => boughtDocxCache.delete(key));
  return rendering;
}

async function renderDocxOf(
  db: DbExecutor,
  documents: DocumentWork,
  row: Pick<ContractRow, 'masterSha256' | 'templateVersionId' | 'answers' | 'paidAt'>,
  now: Date,
): Promise<Buffer> {
  const master = await readFileBytes(db, row.masterSha256);
  const questions = await loadVersionQuestions(db, row.templateVersionId);
  const paidAt = row.paidAt ?? now;
  return documents.render(master, row.answers, {
    cacheKey: row.masterSha256,
    questions,
    now: paidAt,
    // The renderer as it was when the buyer paid: the bytes they got, forever.
    changes: renderChangesAt(paidAt),
  });
}

/**
 * Where the PDF/A of a bought document is cached: the hash of the very .docx it converts, so a
 * cached PDF/A is never that of other bytes (another rendering of the template language after
 * an upgrade gets its own). A refund revokes the download before the cache is asked.
 */
function boughtPdfKey(docx: Buffer): string {
  return `bought:${createHash('sha256').update(docx).digest('base64url')}`;
}

/**
 * Converts a document just bought to PDF/A in the background, after every preview and
 * download queued, so the lawyer's PDF download finds it made (a download asked meanwhile
 * joins the conversion and moves it up). Called after the payment is committed. A failed
 * conversion resolves false (the download converts then); reading or rendering may throw.
 */
export async function prepareBoughtPdf(
  db: DbExecutor,
  documents: DocumentWork,
  pdfPool: PdfPool,
  id: string,
): Promise<boolean> {
  // Without LibreOffice the render would be for nothing.
  if (!isUuid(id) || !pdfPool.status().available) return false;
  const [row] = await selectContracts(db).where(eq(contracts.id, id));
  if (!row?.paymentId || row.refundedAt) return false;
  const bytes = await renderBoughtDocx(db, documents, row, new Date());
  return pdfPool.convertDocxToPdf(bytes, boughtPdfKey(bytes), 'pdf-a', 'background').then(
    () => true,
    () => false,
  );
}

/**
 * What GET /contract/download/{id} sends: the SPEC's .docx, a PDF/A-2b (issue 11), or a document
 * set's every .docx in one .zip.
 */
export type DownloadFormat = 'docx' | 'pdf' | 'zip';

/**
 * GET /contract/download/{id} (owner, or an admin from the users' contracts, after a verified
 * payment): the pinned master rendered with the answers, so a bought document downloads the same
 * forever: its `oggi` is the day it was paid, not the day of the download. "<title> -
 * <date>.docx", or with `format` "pdf" the same document as PDF/A-2b (ready for a digital
 * signature), "<title> - <date>.pdf". An admin's download of someone else's document is audited
 * first: no such download happens without its record. Once refunded, the owner's download is
 * revoked (403).
 */
export async function downloadContract(
  db: DbExecutor,
  documents: DocumentWork,
  pdfPool: PdfPool,
  caller: Caller,
  id: string,
  format: DownloadFormat = 'docx',
  now: Date = new Date(),
  /** The set's document, from 1 (the master, as the SPEC's call gives it). */
  position = 1,
): Promise<ContractDownload> {
  const row = await findContract(db, caller, id, mayDownloadContract);
  if (!row.paymentId) throw new AppError('paymentRequired', it.contracts.paymentRequired);
  // Refunded: the buyer gave the document back (403, their account's state, not a missing
  // payment: paying again is not possible). An admin keeps access for the records and disputes.
  if (row.refundedAt && row.userId === caller.id) {
    throw new AppError('forbidden', it.payments.refunded);
  }
  if (row.userId !== caller.id) {
    await recordAudit(db, {
      actorId: caller.id,
      action: AUDIT_ACTIONS.contractDownloadedByAdmin,
      target: { type: 'contract', id: row.id },
      details: { ownerId: row.userId },
    });
  }
  const date = now.toISOString().slice(0, 10);
  const set = await findSetDocuments(db, row);
  if (format === 'zip') {
    // One document after the other: each render takes a document worker of two.
    const files: { name: string; bytes: Buffer }[] = [];
    for (const document of set) {
      const docx = await renderBoughtDocx(db, documents, { ...row, ...document }, now);
      files.push({ name: document.name, bytes: docx });
    }
    return { bytes: zipSet(files, now), fileName: `${row.templateName} - ${date}.zip` };
  }
  const document = pickSetDocument(set, position);
  const bytes = await renderBoughtDocx(db, documents, { ...row, ...document }, now);
  // A template of one document keeps the SPEC's name, the template's title.
  const title = set.length === 1 ? row.templateName : document.name;
  if (format === 'pdf') {
    // Most often converted already, in the background, right after the payment.
    const pdf = await pdfPool
      .convertDocxToPdf(bytes, boughtPdfKey(bytes), 'pdf-a')
      .catch((error) => {
        // The pool speaks of previews; a busy pool keeps its Retry-After hint.
        if (error instanceof AppError && !(error instanceof PdfPoolBusyError)) {
          throw new AppError('unavailable', it.documents.pdfDownloadUnavailable, { cause: error });
        }
        throw error;
      });
    return { bytes: pdf, fileName: `${title} - ${date}.pdf` };
  }
  return { bytes, fileName: `${title} - ${date}.docx` };
}
