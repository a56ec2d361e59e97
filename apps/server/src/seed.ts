import { ROLES, USER_STATUS } from '@lexpath/shared';
import { count } from 'drizzle-orm';
import type { Database } from './db/client.ts';
import { categories, users } from './db/schema.ts';
import { seedDemoTemplates } from './modules/templates/demo-templates.ts';
import { createUser } from './modules/users/users.service.ts';

export const DEMO_PASSWORD = 'Demo2026!';

export const DEMO_ACCOUNTS = [
  { pec: 'admin@pec.demo.it', name: 'Francesca', surname: 'Moretti', role: ROLES.admin },
  { pec: 'editor@pec.demo.it', name: 'Luca', surname: 'Bianchi', role: ROLES.editor },
  { pec: 'avvocato@pec.demo.it', name: 'Marco', surname: 'Esposito', role: ROLES.user },
] as const;

export const DEMO_CATEGORIES = [
  'Locazioni',
  'Contratti di lavoro',
  'Diritto societario',
  'Compravendita',
  'Famiglia e successioni',
  'Privacy e GDPR',
  'Appalti',
  'Mandato e procura',
] as const;

/**
 * Demo data for the embedded default's first start, so a fresh clone can sign in at once: the
 * accounts, the categories, then the demo templates of `apps/server/demo-templates/` (published,
 * by the demo editor). "First" means no user exists yet: a database someone already uses is
 * never touched.
 */
export async function seedDemoData(
  db: Database,
  options: { templatesDir?: string } = {},
): Promise<{ seeded: boolean }> {
  // One transaction: a start killed halfway leaves nothing, and the next start seeds again.
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ users: count() }).from(users);
    if ((existing?.users ?? 0) > 0) return { seeded: false };

    let editorId: string | undefined;
    for (const account of DEMO_ACCOUNTS) {
      const user = await createUser(tx, {
        ...account,
        password: DEMO_PASSWORD,
        status: USER_STATUS.confirmed,
        emailVerified: true,
      });
      if (account.role === ROLES.editor) editorId = user.id;
    }
    await tx
      .insert(categories)
      .values(DEMO_CATEGORIES.map((name) => ({ name })))
      .onConflictDoNothing();
    if (editorId) await seedDemoTemplates(tx, { dir: options.templatesDir, createdBy: editorId });
    return { seeded: true };
  });
}
