import { it } from '@lexpath/shared';
import type { TBillingProfile, TBillingProfileView } from '@lexpath/shared/schemas/billing';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { billingProfiles, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { type Caller, mayEditUser } from '../../policy.ts';

type BillingRow = typeof billingProfiles.$inferSelect;

function toView(row: BillingRow): TBillingProfileView {
  return {
    tipo: row.tipo,
    nome: row.nome,
    cognome: row.cognome,
    denominazione: row.denominazione,
    codice_fiscale: row.codiceFiscale,
    partita_iva: row.partitaIva,
    indirizzo: row.indirizzo,
    cap: row.cap,
    comune: row.comune,
    provincia: row.provincia,
    nazione: row.nazione,
    codice_destinatario: row.codiceDestinatario,
    pec_destinatario: row.pecDestinatario,
  };
}

/**
 * The columns a checked profile is stored as: a person's names or a company's denominazione,
 * and the account's PEC as the invoice's address when neither a codice destinatario nor
 * another PEC is given.
 */
export function billingProfileValues(profile: TBillingProfile, accountPec: string) {
  const person = profile.tipo === 'persona_fisica';
  const codiceDestinatario = profile.codice_destinatario || null;
  return {
    tipo: profile.tipo,
    nome: person ? (profile.nome ?? null) : null,
    cognome: person ? (profile.cognome ?? null) : null,
    denominazione: person ? null : (profile.denominazione ?? null),
    codiceFiscale: profile.codice_fiscale,
    partitaIva: profile.partita_iva,
    indirizzo: profile.indirizzo,
    cap: profile.cap,
    comune: profile.comune,
    provincia: profile.provincia,
    nazione: profile.nazione,
    codiceDestinatario,
    pecDestinatario: codiceDestinatario ? null : profile.pec_destinatario || accountPec,
  };
}

function assertMayEdit(caller: Caller, userId: string): void {
  // Someone else's profile answers like an unknown one: 404, never 403.
  if (!mayEditUser(caller, userId) || !isUuid(userId)) {
    throw new AppError('notFound', it.errors.notFound);
  }
}

/** GET /user/{id}/billing: the profile, or null when the user has not given one yet. */
export async function getBillingProfile(
  db: DbExecutor,
  caller: Caller,
  userId: string,
): Promise<TBillingProfileView | null> {
  assertMayEdit(caller, userId);
  const [row] = await db.select().from(billingProfiles).where(eq(billingProfiles.userId, userId));
  return row ? toView(row) : null;
}

/**
 * PUT /user/{id}/billing: the whole profile, already checked by `ZBillingProfile`. Names the
 * type does not use are not kept; without a codice destinatario the invoice goes to the given
 * PEC, by default the account's own.
 */
export async function saveBillingProfile(
  db: DbExecutor,
  caller: Caller,
  userId: string,
  profile: TBillingProfile,
): Promise<TBillingProfileView> {
  assertMayEdit(caller, userId);
  const [user] = await db.select({ pec: users.pec }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('notFound', it.errors.notFound);
  const values = billingProfileValues(profile, user.pec);
  const [row] = await db
    .insert(billingProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: billingProfiles.userId,
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('billing profile upsert returned no row');
  return toView(row);
}
