import { describe, expect, it } from 'vitest';
import { formatDay } from './format.ts';

describe('an invoice’s day', () => {
  it('is written as the day it names, whatever the browser’s time zone', () => {
    expect(formatDay('2026-03-05')).toBe('05/03/2026');
    expect(formatDay('2026-12-31')).toBe('31/12/2026');
  });

  it('is left as it came when it is not a day', () => {
    expect(formatDay('marzo')).toBe('marzo');
  });
});
