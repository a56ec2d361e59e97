import { and, desc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

/** The mails queued for an address, newest first. */
export function mailsTo(db: DbExecutor, to: string) {
  return db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt));
}

/** The newest queued mail for an address with this subject, or undefined. */
export async function latestMail(db: DbExecutor, to: string, subject: string) {
  const [row] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.subject, subject)))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return row;
}

/** The `token` of the first link to `path` in a mail's text, as the user would click it. */
export function tokenFromLink(text: string, path: string): string {
  const match = new RegExp(`${path}\\?token=([\\w%-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in:\n${text}`);
  return decodeURIComponent(match[1]);
}
