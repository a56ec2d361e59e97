import { describe, expect, it } from 'vitest';
import { appSystem } from './theme.ts';

const system = appSystem();

/** WCAG relative luminance of a #RRGGBB colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function color(token: string): string {
  if (token === 'white') return '#FFFFFF';
  return system.token(`colors.${token}`);
}

function contrast(foreground: string, background: string): number {
  const [light, dark] = [luminance(color(foreground)), luminance(color(background))].sort(
    (a, b) => b - a,
  );
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

describe('sizes (SPEC §9)', () => {
  it('makes numeric spacing tokens 0.1rem steps, up to 150', () => {
    expect(system.token('spacing.1')).toBe('0.1rem');
    expect(system.token('spacing.16')).toBe('1.6rem');
    expect(system.token('spacing.150')).toBe('15rem');
  });

  it("keeps Chakra's own components at their designed pixel sizes under the 10px root", () => {
    // md text 16px, an md input 40px high with 12px padding, as with a 16px root.
    expect(system.token('fontSizes.md')).toBe('1.6rem');
    const input = system.getRecipe('input') as unknown as {
      variants: { size: { md: Record<string, string> } };
    };
    expect(input.variants.size.md).toMatchObject({ px: '12', '--input-height': 'sizes.40' });
    expect(system.token('sizes.40')).toBe('4rem');
  });
});

describe('brand colours pass WCAG AA for normal text (4.5:1)', () => {
  it.each([
    ['white', 'navy.700', 'primary button, header, current menu item'],
    ['navy.700', 'beige.100', 'secondary button'],
    ['navy.900', 'beige.500', 'tertiary button'],
    ['navy.700', 'white', 'outline and link buttons'],
    ['navy.800', 'beige.100', 'chips, sidebar, info alert'],
    ['navy.800', 'beige.200', 'hovered menu item'],
    ['red.900', 'red.50', 'error alert'],
    ['green.900', 'green.50', 'success alert'],
    ['red.700', 'white', 'field error text'],
    ['navy.900', 'white', 'body text'],
    ['white', 'green.700', 'success toast'],
    ['white', 'red.700', 'failure toast'],
  ])('%s on %s (%s)', (foreground, background) => {
    expect(contrast(foreground, background)).toBeGreaterThanOrEqual(4.5);
  });
});
