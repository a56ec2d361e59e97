import { it } from '@lexpath/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

/**
 * A NUL byte, which PostgreSQL refuses in text and jsonb (the query failed: a 500), or half of
 * a UTF-16 surrogate pair, which the driver silently turns into U+FFFD (the stored text would
 * differ from the text sent). No client typing text produces either.
 */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

function isUnstorable(text: string): boolean {
  return UNSTORABLE.test(text);
}

/** Where a value sits: its key and its parent's place (the root has none). */
type Place = { key: string; parent: Place | undefined };

/** How a field is named in the message: readable, short, and itself free of the bad characters. */
function displayName(place: Place): string {
  const keys: string[] = [];
  for (let at: Place | undefined = place; at; at = at.parent) keys.unshift(at.key);
  const name = keys.join('.').replace(UNSTORABLE_ALL, '');
  return name.length > 80 ? `${name.slice(0, 80)}…` : name;
}

/**
 * The path of the first string (value or key) in `value` that no field may hold, or undefined.
 * Iterative, and sharing the parent's place: a body nested thousands of levels deep must
 * neither overflow the stack nor copy a path per level.
 */
export function findUnstorableText(value: unknown, root: string): string | undefined {
  const pending: Array<{ value: unknown; place: Place }> = [
    { value, place: { key: root, parent: undefined } },
  ];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: current, place } = next;
    if (typeof current === 'string') {
      if (isUnstorable(current)) return displayName(place);
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => {
        pending.push({ value: item, place: { key: String(index), parent: place } });
      });
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) {
        const child = { key, parent: place };
        if (isUnstorable(key)) return displayName(child);
        pending.push({ value: item, place: child });
      }
    }
  }
  return undefined;
}

/** The field as the client named it: a body field by its own name, a query one likewise. */
function fieldOf(path: string | undefined): string | undefined {
  return path?.replace(/^(body|query|params)\.?/, '') || path;
}

/**
 * Every route, in one place: a text the database cannot store answers 400 naming the field,
 * before validation or a handler sees it. Multipart fields are read by their handler; the
 * error plugin maps PostgreSQL's refusal of such text to 400 for them.
 */
export const textGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      // No route: the not-found handler answers whatever the text.
      if (request.is404) return;
      const found =
        findUnstorableText(request.params, 'params') ??
        findUnstorableText(request.query, 'query') ??
        findUnstorableText(request.body, 'body');
      const field = fieldOf(found);
      if (field !== undefined) throw new AppError('invalid', it.errors.invalidCharacters(field));
    });
  },
  { name: 'text-guard' },
);
