// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { colors } from './tokens.ts';

// Read from disk: the test runner hands stylesheets to modules as empty strings.
const css = readFileSync(new URL('./plain-tokens.css', import.meta.url), 'utf8');

function cssVariable(name: string): string | undefined {
  return new RegExp(`--${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim();
}

describe('plain-tokens.css', () => {
  it('holds every brand colour of the theme with its value', () => {
    const palettes = colors as Record<string, Record<string, { value: string }>>;
    for (const palette of ['navy', 'beige']) {
      const shades = Object.entries(palettes[palette] ?? {});
      expect(shades.length).toBeGreaterThan(10);
      for (const [shade, { value }] of shades) {
        expect(cssVariable(`lp-${palette}-${shade}`), `${palette}.${shade}`).toBe(
          value.toLowerCase(),
        );
      }
    }
  });
});
