/**
 * A small least-recently-used cache: a Map keeps insertion order, so re-inserting a used entry
 * keeps the oldest entry first. Bounded by entry count and, optionally, by a total weight
 * (e.g. bytes), so a cache of PDFs cannot grow the process without limit.
 *
 * A hit re-inserts the entry only when it has drifted into the older half: re-inserting on
 * every hit cost a measurable share of each request on the hot paths (accounts, tokens,
 * question lists), and an entry in the newer half is far from eviction anyway.
 */
export class LruCache<K, V> {
  readonly #entries = new Map<K, { value: V; weight: number; stamp: number }>();
  #totalWeight = 0;
  /** Counts insertions; an entry's stamp is the count when it was last (re)inserted. */
  #clock = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight = Number.POSITIVE_INFINITY,
    private readonly weigh: (value: V) => number = () => 0,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if ((this.#clock - entry.stamp) * 2 >= this.#entries.size) {
      this.#entries.delete(key);
      entry.stamp = ++this.#clock;
      this.#entries.set(key, entry);
    }
    return entry.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weigh(value);
    if (weight > this.maxWeight) return;
    this.#entries.set(key, { value, weight, stamp: ++this.#clock });
    this.#totalWeight += weight;
    while (this.#entries.size > this.maxEntries || this.#totalWeight > this.maxWeight) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
  }

  delete(key: K): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#totalWeight -= entry.weight;
  }

  clear(): void {
    this.#entries.clear();
    this.#totalWeight = 0;
  }
}
