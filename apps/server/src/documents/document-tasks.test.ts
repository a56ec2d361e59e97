import { describe, expect, it } from 'vitest';
import { lintCacheCounts, lintCached } from './document-tasks.ts';
import { lintTemplate } from './lint.ts';
import { buildDocx, buildSampleContract, SAMPLE_QUESTIONS } from './test-docx.ts';

/** The lint cache's counts moved by `work`. */
function countsOf(work: () => void) {
  const before = lintCacheCounts();
  work();
  const after = lintCacheCounts();
  return { hits: after.hits - before.hits, misses: after.misses - before.misses };
}

describe('lintCached', () => {
  const master = buildSampleContract(6);
  const broken = buildDocx(['{#tipo == "Locazione"}', 'Manca la chiusura {ignoto}']);

  it('answers the same files and questions from the cache, with what lintTemplate says', () => {
    const input = { master, preview: broken, questions: SAMPLE_QUESTIONS };
    const expected = lintTemplate(input);
    expect(expected.errors.length).toBeGreaterThan(0);
    let first: ReturnType<typeof lintCached> | undefined;
    let again: ReturnType<typeof lintCached> | undefined;
    expect(countsOf(() => (first = lintCached(input)))).toEqual({ hits: 0, misses: 1 });
    // The same bytes in other buffers, as the next request reads them from the database.
    const reread = { ...input, master: Buffer.from(master), preview: Buffer.from(broken) };
    expect(countsOf(() => (again = lintCached(reread)))).toEqual({ hits: 1, misses: 0 });
    expect(first).toEqual(expected);
    expect(again).toEqual(expected);
    // A caller changing its result does not change what the next one gets.
    again?.errors.push('altro');
    expect(lintCached(reread)).toEqual(expected);
  });

  it('lints again when the questions, a file or a companion differ', () => {
    // Files of this test only: the cache is the module's, shared with the test above.
    const own = buildSampleContract(7);
    const input = { master: own, questions: SAMPLE_QUESTIONS };
    lintCached(input);
    const fewer = { master: own, questions: SAMPLE_QUESTIONS.slice(1) };
    const withPreview = { ...input, preview: broken };
    const withCompanion = { ...input, companions: [{ label: 'Documento 2', bytes: broken }] };
    for (const changed of [fewer, withPreview, withCompanion]) {
      let result: ReturnType<typeof lintCached> | undefined;
      expect(countsOf(() => (result = lintCached(changed)))).toEqual({ hits: 0, misses: 1 });
      expect(result).toEqual(lintTemplate(changed));
    }
    expect(lintTemplate(fewer)).not.toEqual(lintTemplate(input));
  });
});
