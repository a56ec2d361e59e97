import { it } from '@lexpath/shared';
import type { TPreviewFailure } from '@lexpath/shared/schemas/service-status';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { contracts, previewFailures, templates } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

/** Kept: the newest this many, none older than this many days (a screen, not an archive). */
export const KEPT_PREVIEW_FAILURES = 200;
export const KEPT_PREVIEW_FAILURE_DAYS = 7;

/** Which document a preview request is about; null for a request that makes no preview. */
type PreviewTarget = {
  output: 'pdf' | 'pdf-a';
  templateId?: string;
  contractId?: string;
  document: number;
};

function targetOf(request: FastifyRequest): PreviewTarget | null {
  const params = request.params as { id?: string } | undefined;
  const query = request.query as { document?: number; format?: string } | undefined;
  const id = params?.id;
  if (!id) return null;
  const document = query?.document ?? 1;
  switch (request.routeOptions.url) {
    case '/api/contract/preview/:id':
      return { output: 'pdf', contractId: id, document };
    case '/api/contract/download/:id':
      return query?.format === 'pdf' ? { output: 'pdf-a', contractId: id, document } : null;
    case '/api/template/:id/preview-test':
      return { output: 'pdf', templateId: id, document: 1 };
    default:
      return null;
  }
}

/**
 * The pool's «anteprima non riuscita», whose cause says how LibreOffice failed; the PDF/A
 * download wraps it in its own message. A pool without LibreOffice, or busy, is no failure.
 */
function failureKind(error: unknown): string | null {
  for (let link = error; link instanceof Error; link = link.cause) {
    if (link instanceof AppError && link.message === it.documents.previewFailed) {
      const kind = (link.cause as { kind?: unknown } | undefined)?.kind;
      return typeof kind === 'string' ? kind : 'crashed';
    }
  }
  return null;
}

/** The same document's own rows: of its contract, or of the template's try-out. */
function sameDocument(target: PreviewTarget) {
  return and(
    target.contractId
      ? eq(previewFailures.contractId, target.contractId)
      : and(
          isNull(previewFailures.contractId),
          eq(previewFailures.templateId, target.templateId ?? ''),
        ),
    eq(previewFailures.document, target.document),
    eq(previewFailures.output, target.output),
  );
}

export async function recordPreviewFailure(
  db: Database,
  target: PreviewTarget,
  reason: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    let templateId = target.templateId;
    if (target.contractId) {
      const [contract] = await tx
        .select({ templateId: contracts.templateId })
        .from(contracts)
        .where(eq(contracts.id, target.contractId));
      templateId = contract?.templateId;
    }
    if (!templateId) return;
    await tx.insert(previewFailures).values({
      templateId,
      contractId: target.contractId ?? null,
      document: target.document,
      output: target.output,
      reason,
    });
    await tx.execute(sql`
      delete from preview_failures
       where failed_at < now() - make_interval(days => ${KEPT_PREVIEW_FAILURE_DAYS})
          or id not in (select id from preview_failures
                         order by failed_at desc, id limit ${KEPT_PREVIEW_FAILURES})`);
  });
}

export async function clearPreviewFailures(db: Database, target: PreviewTarget): Promise<void> {
  await db.delete(previewFailures).where(sameDocument(target));
}

export async function listPreviewFailures(db: Database, limit: number): Promise<TPreviewFailure[]> {
  const rows = await db
    .select({
      at: previewFailures.failedAt,
      output: previewFailures.output,
      reason: previewFailures.reason,
      templateId: previewFailures.templateId,
      templateName: templates.name,
      contractId: previewFailures.contractId,
      document: previewFailures.document,
    })
    .from(previewFailures)
    .innerJoin(templates, eq(templates.id, previewFailures.templateId))
    .orderBy(desc(previewFailures.failedAt), desc(previewFailures.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    at: row.at.toISOString(),
    output: row.output === 'pdf-a' ? 'pdf-a' : 'pdf',
  }));
}

/**
 * How long an instance trusts its last look at whether any failure is recorded. A success
 * removes its document's rows only when some may exist: a DELETE after every preview and
 * download, almost always of nothing, was a statement on the hottest path.
 */
const FAILURES_RECHECK_MS = 5_000;

/**
 * Watches the routes that make a preview or a PDF/A: a failed conversion is written to
 * PostgreSQL, where every instance reads it, and the same document made later removes it.
 * After the answer: the lawyer never waits for this bookkeeping, and a failure of it is
 * only logged. Another instance's failure is seen within FAILURES_RECHECK_MS; a success
 * here before that leaves its row until the document's next success.
 */
export function watchPreviewOutcomes(app: FastifyInstance): void {
  const failed = new WeakMap<FastifyRequest, string>();
  let anyRecorded: { value: Promise<boolean>; at: number } | null = null;
  const mayHaveFailures = (): Promise<boolean> => {
    if (!anyRecorded || performance.now() - anyRecorded.at > FAILURES_RECHECK_MS) {
      const value = app.db
        .select({ id: previewFailures.id })
        .from(previewFailures)
        .limit(1)
        .then((rows) => rows.length > 0);
      anyRecorded = { value, at: performance.now() };
      // A look that failed says nothing: the next success looks again.
      value.catch(() => {
        anyRecorded = null;
      });
    }
    return anyRecorded.value;
  };
  app.addHook('onError', async (request, _reply, error) => {
    const kind = failureKind(error);
    if (kind && targetOf(request)) failed.set(request, kind);
  });
  app.addHook('onResponse', async (request, reply) => {
    const target = targetOf(request);
    if (!target) return;
    const kind = failed.get(request);
    const work = kind
      ? recordPreviewFailure(app.db, target, kind).finally(() => {
          anyRecorded = { value: Promise.resolve(true), at: performance.now() };
        })
      : reply.statusCode === 200
        ? mayHaveFailures().then((some) =>
            some ? clearPreviewFailures(app.db, target) : undefined,
          )
        : undefined;
    await work?.catch((error: unknown) => {
      app.log.warn({ err: error }, 'preview failure not recorded');
    });
  });
}
