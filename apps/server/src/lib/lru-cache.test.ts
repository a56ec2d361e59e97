import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache.ts';

function keysOf(cache: LruCache<string, number>, keys: string[]): string[] {
  return keys.filter((key) => cache.get(key) !== undefined);
}

describe('LruCache', () => {
  it('evicts the least recently used entry, not the oldest one read since', () => {
    const cache = new LruCache<string, number>(4);
    for (const [index, key] of ['a', 'b', 'c', 'd'].entries()) cache.set(key, index);
    expect(cache.get('a')).toBe(0);
    cache.set('e', 4);
    expect(cache.size).toBe(4);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(0);
  });

  it('keeps a repeatedly read entry while many others come and go', () => {
    const cache = new LruCache<string, number>(10);
    cache.set('hot', 1);
    for (let index = 0; index < 1000; index += 1) {
      cache.set(`cold-${index}`, index);
      expect(cache.get('hot')).toBe(1);
    }
    expect(cache.size).toBe(10);
  });

  it('drops the oldest entries when the total weight is exceeded, and refuses one too heavy', () => {
    const cache = new LruCache<string, number>(100, 10, (value) => value);
    cache.set('a', 4);
    cache.set('b', 4);
    cache.set('c', 4);
    expect(keysOf(cache, ['a', 'b', 'c'])).toEqual(['b', 'c']);
    cache.set('huge', 11);
    expect(cache.get('huge')).toBeUndefined();
    expect(keysOf(cache, ['b', 'c'])).toEqual(['b', 'c']);
  });

  it('forgets on delete and clear', () => {
    const cache = new LruCache<string, number>(4);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
