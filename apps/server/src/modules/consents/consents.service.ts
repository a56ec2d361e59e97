import type { DbExecutor } from '../../db/client.ts';
import { type CONSENT_KINDS, consents } from '../../db/schema.ts';

export type ConsentKind = (typeof CONSENT_KINDS)[number];

/**
 * The version of each text the user agreed to, recorded with every consent. Change a value the
 * day the published text changes, so each row proves which wording was accepted.
 */
export const CONSENT_TEXT_VERSIONS: Readonly<Record<ConsentKind, string>> = {
  terms: '2026-11',
  specific_terms: '2026-11',
  privacy: '2026-11',
  newsletter: '2026-11',
};

/**
 * Appends consent rows (never updates: the history is the proof). Call it in the transaction
 * of the change the consent belongs to.
 */
export async function recordConsents(
  executor: DbExecutor,
  userId: string,
  entries: ReadonlyArray<{ kind: ConsentKind; granted: boolean }>,
): Promise<void> {
  if (entries.length === 0) return;
  await executor.insert(consents).values(
    entries.map(({ kind, granted }) => ({
      userId,
      kind,
      granted,
      textVersion: CONSENT_TEXT_VERSIONS[kind],
    })),
  );
}
