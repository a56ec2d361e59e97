import { it } from '@lexpath/shared';
import {
  CLIENT_EXPORT_FORMAT,
  clientDisplayName,
  type TClient,
  type TClientExport,
  type TClientInputParsed,
} from '@lexpath/shared/schemas/clients';
import { countPages, type TPage } from '@lexpath/shared/schemas/pagination';
import { and, asc, count, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client.ts';
import { likePattern } from '../../db/like-pattern.ts';
import { type ClientRow, clients } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Caller } from '../../policy.ts';
import { AUDIT_ACTIONS, recordAudit } from '../audit/audit.service.ts';

type Values = Record<string, string>;

function toClient(row: ClientRow): TClient {
  return {
    id: row.id,
    tipo: row.tipo,
    nome_visualizzato: row.displayName,
    dati: row.dati,
    legale_rappresentante: row.legaleRappresentante ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Another lawyer's client answers as an unknown one: nobody learns which ids exist. */
const notFound = () => new AppError('notFound', it.clients.notFound);

/** The columns a checked input is stored as; a person has no legal representative. */
function rowValues(input: TClientInputParsed) {
  const representative =
    input.tipo === 'persona_giuridica' && input.legale_rappresentante
      ? input.legale_rappresentante
      : null;
  return {
    tipo: input.tipo,
    dati: input.dati,
    // An empty fieldset is no representative: the company's record says so plainly.
    legaleRappresentante:
      representative && Object.keys(representative).length > 0 ? representative : null,
    displayName: clientDisplayName(input.tipo, input.dati),
  };
}

/** The names of the fields whose value differs (`dati.cap`, `legale_rappresentante.nome`). */
function changedFields(
  before: { tipo: string; dati: Values; legaleRappresentante: Values | null },
  after: { tipo: string; dati: Values; legaleRappresentante: Values | null },
): string[] {
  const changed: string[] = [];
  if (before.tipo !== after.tipo) changed.push('tipo');
  for (const group of ['dati', 'legaleRappresentante'] as const) {
    const prefix = group === 'dati' ? 'dati' : 'legale_rappresentante';
    const old = before[group] ?? {};
    const now = after[group] ?? {};
    for (const name of new Set([...Object.keys(old), ...Object.keys(now)])) {
      if (old[name] !== now[name]) changed.push(`${prefix}.${name}`);
    }
  }
  return changed;
}

/**
 * GET /client: the caller's own clients by name. Every word of `q` must appear in the name
 * (either way round), the denominazione, the codice fiscale or the partita IVA.
 */
export async function listClients(
  db: DbExecutor,
  caller: Caller,
  query: { page: number; limit: number; q?: string | undefined },
): Promise<TPage<TClient>> {
  const filters: SQL[] = [eq(clients.ownerId, caller.id)];
  for (const word of (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean)) {
    filters.push(ilike(clients.searchText, likePattern(word)));
  }
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(clients)
      .where(where)
      .orderBy(sql`lower(${clients.displayName})`, asc(clients.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(clients).where(where),
  ]);
  return {
    results: rows.map(toClient),
    page: query.page,
    totalPages: countPages(total?.n ?? 0, query.limit),
  };
}

async function findOwnClient(
  db: DbExecutor,
  caller: Caller,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ClientRow> {
  if (!isUuid(id)) throw notFound();
  const query = db
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), eq(clients.ownerId, caller.id)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/**
 * A lawyer's own client for the parties of a new document (`PUT /contract/` with `clients`), or
 * null for an unknown id or another lawyer's client: the contract answers 404 for both.
 */
export async function findClientOf(
  db: DbExecutor,
  ownerId: string,
  clientId: string,
): Promise<TClient | null> {
  if (!isUuid(clientId)) return null;
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.ownerId, ownerId)));
  return row ? toClient(row) : null;
}

/** GET /client/{id}: one of the caller's clients. */
export async function getClient(db: DbExecutor, caller: Caller, id: string): Promise<TClient> {
  return toClient(await findOwnClient(db, caller, id));
}

/** POST /client: a new client of the caller, already checked by `ZClientInput`. */
export async function createClient(
  db: Database,
  caller: Caller,
  input: TClientInputParsed,
): Promise<TClient> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(clients)
      .values({ ownerId: caller.id, ...rowValues(input) })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await recordAudit(tx, {
      actorId: caller.id,
      action: AUDIT_ACTIONS.clientCreated,
      target: { type: 'client', id: row.id },
      details: { tipo: row.tipo },
    });
    return toClient(row);
  });
}

/** PUT /client/{id}: the whole record replaced (a field left empty is removed). */
export async function updateClient(
  db: Database,
  caller: Caller,
  id: string,
  input: TClientInputParsed,
): Promise<TClient> {
  return db.transaction(async (tx) => {
    const current = await findOwnClient(tx, caller, id, { forUpdate: true });
    const values = rowValues(input);
    const fields = changedFields(current, values);
    if (fields.length === 0) return toClient(current);
    const [row] = await tx.update(clients).set(values).where(eq(clients.id, id)).returning();
    if (!row) throw new Error('update returned no row');
    await recordAudit(tx, {
      actorId: caller.id,
      action: AUDIT_ACTIONS.clientUpdated,
      target: { type: 'client', id },
      details: { fields },
    });
    return toClient(row);
  });
}

/**
 * DELETE /client/{id}: the record erased. No contract points to it (documents keep a copy of
 * their answers), so bought documents and their invoices stay as they were.
 */
export async function deleteClient(db: Database, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findOwnClient(tx, caller, id, { forUpdate: true });
    await tx.delete(clients).where(eq(clients.id, current.id));
    await recordAudit(tx, {
      actorId: caller.id,
      action: AUDIT_ACTIONS.clientDeleted,
      target: { type: 'client', id },
      details: { tipo: current.tipo },
    });
  });
}

/**
 * GET /client/{id}/export: the client's data as a JSON file, and its name. Audited in the
 * transaction that reads it: no export leaves without its row.
 */
export async function exportClient(
  db: Database,
  caller: Caller,
  id: string,
  now: Date = new Date(),
): Promise<{ fileName: string; body: TClientExport }> {
  return db.transaction(async (tx) => {
    const row = await findOwnClient(tx, caller, id);
    await recordAudit(tx, {
      actorId: caller.id,
      action: AUDIT_ACTIONS.clientExported,
      target: { type: 'client', id },
    });
    return {
      fileName: it.clientRegister.exportFileName(row.displayName),
      body: {
        formato: CLIENT_EXPORT_FORMAT,
        esportato_il: now.toISOString(),
        cliente: toClient(row),
      },
    };
  });
}
