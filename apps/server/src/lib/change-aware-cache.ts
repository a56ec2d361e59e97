import type { ChangeFeed, ChangeKind } from '../db/change-feed.ts';
import { LruCache } from './lru-cache.ts';

/**
 * Rows every request reads (an account, a template's current version), kept in memory only
 * while the change feed is live: a notification drops the row, a lost feed drops everything,
 * and without a feed nothing is cached at all. The time limit is a last safety net only.
 */
export class ChangeAwareCache<V> {
  readonly #entries: LruCache<string, { value: V; expiresAtMs: number }>;
  readonly #ttlMs: number;
  /** Moves on every invalidation: a read that raced with a change is not stored. */
  #epoch = 0;

  constructor(
    private readonly kind: ChangeKind,
    private readonly feed: ChangeFeed | undefined,
    options: { maxEntries: number; ttlMs: number },
  ) {
    this.#entries = new LruCache(options.maxEntries);
    this.#ttlMs = options.ttlMs;
    feed?.subscribe((change) => {
      if (change === null) this.clear();
      else if (change.kind === this.kind) this.forget(change.id);
    });
  }

  /** The cached value, or `load()`'s, stored only if nothing changed while it was read. */
  async get(id: string, load: () => Promise<V>): Promise<V> {
    if (!this.feed?.live) return load();
    const held = this.peek(id);
    if (held) return held.value;
    const epoch = this.#epoch;
    const value = await load();
    if (epoch === this.#epoch && this.feed.live) {
      this.#entries.set(id, { value, expiresAtMs: Date.now() + this.#ttlMs });
    }
    return value;
  }

  /** The entry held for `id`, without reading anything: undefined when not held (or no feed). */
  peek(id: string): { readonly value: V } | undefined {
    if (!this.feed?.live) return undefined;
    const entry = this.#entries.get(id);
    return entry && entry.expiresAtMs > Date.now() ? entry : undefined;
  }

  /**
   * Drops one row now. Writers on this instance call it after committing, so their own next
   * request never waits for the notification to come back.
   */
  forget(id: string): void {
    this.#epoch += 1;
    this.#entries.delete(id);
  }

  clear(): void {
    this.#epoch += 1;
    this.#entries.clear();
  }
}
