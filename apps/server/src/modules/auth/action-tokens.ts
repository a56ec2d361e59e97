import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { type ACTION_TOKEN_KINDS, actionTokens } from '../../db/schema.ts';
import { databaseNowPlus } from '../../db/sql-time.ts';
import { hashToken } from '../../lib/tokens.ts';

/** Single-use tokens sent by mail: verify the PEC, reset the password. */
export type ActionTokenKind = (typeof ACTION_TOKEN_KINDS)[number];

/**
 * Creates a token and stores only its SHA-256: a leaked table resets no password. The token
 * (256 random bits, URL-safe) goes into the mail and nowhere else.
 */
export async function issueActionToken(
  executor: DbExecutor,
  { userId, kind, ttlMs }: { userId: string; kind: ActionTokenKind; ttlMs: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await executor.insert(actionTokens).values({
    kind,
    userId,
    tokenHash: hashToken(token),
    expiresAt: databaseNowPlus(ttlMs),
  });
  return token;
}

/** Why a token could not be used; each has its own Italian message. */
export type ActionTokenRefusal = 'invalid' | 'used' | 'expired';

/**
 * Uses a token: marks it used and returns its user, in one conditional UPDATE, so two requests
 * racing with the same token cannot both succeed. When it fails, says why.
 */
export async function consumeActionToken(
  executor: DbExecutor,
  { token, kind }: { token: string | undefined; kind: ActionTokenKind },
): Promise<{ userId: string } | { refused: ActionTokenRefusal }> {
  if (!token) return { refused: 'invalid' };
  const tokenHash = hashToken(token);
  const [consumed] = await executor
    .update(actionTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(actionTokens.tokenHash, tokenHash),
        eq(actionTokens.kind, kind),
        isNull(actionTokens.usedAt),
        gt(actionTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: actionTokens.userId });
  if (consumed) return consumed;

  const [stored] = await executor
    .select({ usedAt: actionTokens.usedAt })
    .from(actionTokens)
    .where(and(eq(actionTokens.tokenHash, tokenHash), eq(actionTokens.kind, kind)));
  if (!stored) return { refused: 'invalid' };
  return { refused: stored.usedAt ? 'used' : 'expired' };
}

/**
 * True when a token of this kind was issued to the user within `withinMs`: the cool-down that
 * keeps repeated requests from filling a mailbox.
 */
export async function hasRecentActionToken(
  executor: DbExecutor,
  { userId, kind, withinMs }: { userId: string; kind: ActionTokenKind; withinMs: number },
): Promise<boolean> {
  const [recent] = await executor
    .select({ id: actionTokens.id })
    .from(actionTokens)
    .where(
      and(
        eq(actionTokens.userId, userId),
        eq(actionTokens.kind, kind),
        gt(actionTokens.createdAt, databaseNowPlus(-withinMs)),
      ),
    )
    .limit(1);
  return recent !== undefined;
}

/** After a password reset the other reset links of the user must stop working too. */
export async function spendActionTokens(
  executor: DbExecutor,
  { userId, kind }: { userId: string; kind: ActionTokenKind },
): Promise<void> {
  await executor
    .update(actionTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(actionTokens.userId, userId),
        eq(actionTokens.kind, kind),
        isNull(actionTokens.usedAt),
      ),
    );
}
