import { hash, verify } from '@node-rs/argon2';

// The library defaults are argon2id, 19 MiB, 2 passes, 1 lane: OWASP's recommendation.

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * A hash of a random password nobody knows. Checking a password for an unknown PEC against it
 * costs the same time as a real check, so response times do not reveal which PECs exist.
 */
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$JMYQ829gG9Jv6FMubltZAQ$Yqv7u0E9KCwEzKIOpFTH/v07wZoCNprhpiy7JnHtwkg';

/** Verifies a password against a stored hash, or against the dummy hash when there is none. */
export async function verifyPassword(storedHash: string | undefined, password: string) {
  try {
    const matches = await verify(storedHash ?? DUMMY_HASH, password);
    return storedHash !== undefined && matches;
  } catch {
    // A malformed stored hash never authenticates.
    return false;
  }
}
