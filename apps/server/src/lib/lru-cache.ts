/**
 * A small least-recently-used cache: a Map keeps insertion order, so re-inserting on every hit
 * keeps the oldest entry first. Bounded by entry count and, optionally, by a total weight
 * (e.g. bytes), so a cache of PDFs cannot grow the process without limit.
 */
export class LruCache<K, V> {
  readonly #entries = new Map<K, { value: V; weight: number }>();
  #totalWeight = 0;

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
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weigh(value);
    if (weight > this.maxWeight) return;
    this.#entries.set(key, { value, weight });
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
