import { ZQuestion } from '@lexpath/shared/schemas/questions';
import { FILTER_GUIDE, TYPE_GUIDE } from '@lexpath/shared/template-guide';
import { describe, expect, it } from 'vitest';
import { FILTER_SIGNATURES, TEMPLATE_FILTERS } from './template-language.ts';

/**
 * The «Guida ai tag» an editor reads is written apart from the renderer: these checks keep the
 * two in step, so a filter or a type added on one side fails here until the other has it.
 */
describe('the template guide against the renderer', () => {
  const sorted = (names: Iterable<string>) => [...names].sort();

  it('describes every filter the renderer runs, and no other', () => {
    expect(sorted(Object.keys(FILTER_GUIDE))).toEqual(sorted(Object.keys(TEMPLATE_FILTERS)));
  });

  it('describes every filter the lint checks, and no other', () => {
    expect(sorted(Object.keys(FILTER_GUIDE))).toEqual(sorted(Object.keys(FILTER_SIGNATURES)));
  });

  it('describes every question type the shared schema accepts, and no other', () => {
    const types = [...(ZQuestion._zod.propValues?.type ?? [])].filter(
      (type): type is string => typeof type === 'string',
    );
    expect(types.length).toBeGreaterThan(1);
    expect(sorted(Object.keys(TYPE_GUIDE))).toEqual(sorted(types));
  });

  it('gives each entry an example that uses its filter', () => {
    for (const [name, entry] of Object.entries(FILTER_GUIDE)) {
      expect(entry.example, name).toMatch(new RegExp(`[{|]\\s*${name}\\b`));
      expect(entry.description.length, name).toBeGreaterThan(10);
      expect(entry.result, name).not.toBe('');
    }
  });
});
