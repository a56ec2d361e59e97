import { it } from '@lexpath/shared';
import type { TCategory } from '@lexpath/shared/schemas/categories';
import { countPages } from '@lexpath/shared/schemas/pagination';
import { asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client.ts';
import { categories, templates } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { isPgError, PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION } from '../../lib/pg-errors.ts';
import type { Caller } from '../../policy.ts';
import { AUDIT_ACTIONS, recordAudit } from '../audit/audit.service.ts';

/** "Locazioni" and "locazioni" are one category: the unique index is on lower(name). */
function rethrowNameTaken(error: unknown): never {
  if (isPgError(error, PG_UNIQUE_VIOLATION, 'categories_name_unique')) {
    throw new AppError('conflict', it.categories.nameTaken);
  }
  throw error;
}

function toCategory(row: { id: string; name: string }): TCategory {
  return { id: row.id, name: row.name };
}

/** GET /category: alphabetical (case-insensitive), paged. */
export async function listCategories(
  db: DbExecutor,
  query: { page: number; limit: number },
): Promise<{ results: TCategory[]; page: number; totalPages: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .orderBy(sql`lower(${categories.name})`, asc(categories.name), asc(categories.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(categories),
  ]);
  return {
    results: rows.map(toCategory),
    page: query.page,
    totalPages: countPages(total?.n ?? 0, query.limit),
  };
}

export async function findCategoryByName(
  db: DbExecutor,
  name: string,
): Promise<TCategory | undefined> {
  const [row] = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(sql`lower(${categories.name}) = lower(${name.trim()})`);
  return row;
}

/** POST /category (admin). 409 when the name exists, whatever its case. */
export async function createCategory(
  db: Database,
  actor: Caller,
  input: { name: string },
): Promise<TCategory> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(categories).values({ name: input.name }).returning();
      if (!row) throw new Error('insert returned no row');
      await recordAudit(tx, {
        actorId: actor.id,
        action: AUDIT_ACTIONS.categoryCreated,
        target: { type: 'category', id: row.id },
        details: { name: row.name },
      });
      return toCategory(row);
    });
  } catch (error) {
    rethrowNameTaken(error);
  }
}

/** PUT /category/{id} (admin). 404 unknown, 409 when another category has the name. */
export async function renameCategory(
  db: Database,
  actor: Caller,
  id: string,
  input: { name: string },
): Promise<TCategory> {
  if (!isUuid(id)) throw new AppError('notFound', it.errors.notFound);
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(categories)
        .where(eq(categories.id, id))
        .for('update');
      if (!current) throw new AppError('notFound', it.errors.notFound);
      if (current.name === input.name) return toCategory(current);
      const [row] = await tx
        .update(categories)
        .set({ name: input.name })
        .where(eq(categories.id, id))
        .returning();
      if (!row) throw new Error('update returned no row');
      await recordAudit(tx, {
        actorId: actor.id,
        action: AUDIT_ACTIONS.categoryUpdated,
        target: { type: 'category', id },
        details: { name: { from: current.name, to: row.name } },
      });
      return toCategory(row);
    });
  } catch (error) {
    rethrowNameTaken(error);
  }
}

/**
 * DELETE /category/{id} (admin). A category any template row points to stays, deleted templates
 * included: their versions are what bought documents download, and the archive filters them by
 * category. The row lock makes a template saved meanwhile wait (its foreign key check), and the
 * foreign key is the last word if one slips in.
 */
export async function deleteCategory(db: Database, actor: Caller, id: string): Promise<void> {
  if (!isUuid(id)) throw new AppError('notFound', it.errors.notFound);
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(categories)
        .where(eq(categories.id, id))
        .for('update');
      if (!current) throw new AppError('notFound', it.errors.notFound);
      const [usage] = await tx
        .select({
          all: count(),
          active: sql<number>`count(*) filter (where ${isNull(templates.deletedAt)})`.mapWith(
            Number,
          ),
        })
        .from(templates)
        .where(eq(templates.categoryId, id));
      if (usage && usage.active > 0)
        throw new AppError('conflict', it.categories.inUse(usage.active));
      if (usage && usage.all > 0) throw new AppError('conflict', it.categories.inUseByDeleted);
      await tx.delete(categories).where(eq(categories.id, id));
      await recordAudit(tx, {
        actorId: actor.id,
        action: AUDIT_ACTIONS.categoryDeleted,
        target: { type: 'category', id },
        details: { name: current.name },
      });
    });
  } catch (error) {
    if (isPgError(error, PG_FOREIGN_KEY_VIOLATION))
      throw new AppError('conflict', it.categories.inUse(1));
    throw error;
  }
}
