import type { SystemConfig } from '@chakra-ui/react';

/**
 * Chakra's default theme is written for 1rem = 16px. SPEC §9 sets the root font size to 62.5 %
 * (1rem = 10px) and numeric spacing/size tokens to 0.1rem steps, so the defaults are rescaled
 * here once: every `rem` length grows by 1.6 and every numeric token a default recipe uses
 * (Chakra's key N meant N × 4px) becomes our key 4N, which means the same 4N px. Built-in
 * components (inputs, dialogs, toasts…) therefore keep their designed proportions.
 */
export const REM_FACTOR = 1.6;
const OLD_STEP_PX = 4;
const MAX_STEP = 150;

/** Style properties whose numeric values are spacing or size tokens. */
const SCALED_PROPS = new Set([
  ...['p', 'px', 'py', 'pt', 'pb', 'pl', 'pr', 'ps', 'pe'],
  ...['m', 'mx', 'my', 'mt', 'mb', 'ml', 'mr', 'ms', 'me'],
  ...['padding', 'paddingX', 'paddingY', 'paddingTop', 'paddingBottom', 'paddingLeft'],
  ...['paddingRight', 'paddingStart', 'paddingEnd', 'paddingInline', 'paddingBlock'],
  ...['paddingInlineStart', 'paddingInlineEnd', 'margin', 'marginX', 'marginY', 'marginTop'],
  ...['marginBottom', 'marginLeft', 'marginRight', 'marginStart', 'marginEnd'],
  ...['gap', 'rowGap', 'columnGap', 'borderSpacing', 'scrollPadding', 'scrollPaddingBottom'],
  ...['top', 'bottom', 'left', 'right', 'inset', 'insetX', 'insetY', 'insetStart', 'insetEnd'],
  ...['insetInline', 'insetBlock', 'insetInlineStart', 'insetInlineEnd'],
  ...['w', 'h', 'width', 'height', 'minW', 'minH', 'maxW', 'maxH', 'minWidth', 'minHeight'],
  ...['maxWidth', 'maxHeight', 'boxSize'],
]);

const NUMERIC = /^-?\d+(\.\d+)?$/;
const REM_LENGTH = /(-?\d*\.?\d+)rem\b/g;
const TOKEN_REF = /\b(sizes|spacing)\.(\d+(?:\.\d+)?)/g;

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** `0.875rem` → `1.4rem`: the same pixels under a 10px root. */
export function scaleRem(value: string): string {
  return value.replace(REM_LENGTH, (_, n: string) => `${round(Number(n) * REM_FACTOR)}rem`);
}

/** A default numeric token key (N × 4px) as our key, or as a raw length past our 150 steps. */
export function scaleStepKey(key: string): string {
  const px = round(Number(key) * OLD_STEP_PX);
  return Number.isInteger(px) && Math.abs(px) <= MAX_STEP ? String(px) : `${round(px / 10)}rem`;
}

function scaleString(value: string, prop: string | undefined): string {
  const scaled = scaleRem(value).replace(TOKEN_REF, (_, group: string, key: string) => {
    const next = scaleStepKey(key);
    return next.endsWith('rem') ? next : `${group}.${next}`;
  });
  return prop !== undefined && SCALED_PROPS.has(prop) && NUMERIC.test(scaled)
    ? scaleStepKey(scaled)
    : scaled;
}

/** Walks a style object; conditions nested under a scaled property keep that property. */
export function scaleStyle(value: unknown, prop?: string): unknown {
  if (typeof value === 'string') return scaleString(value, prop);
  if (typeof value === 'number' && prop !== undefined && SCALED_PROPS.has(prop) && value !== 0) {
    return scaleStepKey(String(value));
  }
  if (Array.isArray(value)) return value.map((item) => scaleStyle(item, prop));
  if (value !== null && typeof value === 'object') {
    const inherited = prop !== undefined && SCALED_PROPS.has(prop);
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, scaleStyle(item, inherited ? prop : key)]),
    );
  }
  return value;
}

type TokenGroup = Record<string, unknown>;

function scaleTokens(group: TokenGroup | undefined, keep: (key: string) => boolean): TokenGroup {
  const entries = Object.entries(group ?? {}).filter(([key]) => keep(key));
  return Object.fromEntries(entries.map(([key, token]) => [key, scaleStyle(token)]));
}

/**
 * Returns a copy of Chakra's default config for a 10px root: rem lengths rescaled, numeric
 * spacing and size tokens replaced by `steps` (SPEC §9: 150 steps of 0.1rem).
 */
export function rescaleDefaultConfig(config: SystemConfig, steps: TokenGroup): SystemConfig {
  const theme = config.theme ?? {};
  const tokens = (theme.tokens ?? {}) as Record<string, TokenGroup>;
  const isNamed = (key: string) => !NUMERIC.test(key);
  return {
    ...config,
    globalCss: scaleStyle(config.globalCss) as SystemConfig['globalCss'],
    theme: {
      ...theme,
      tokens: {
        ...tokens,
        fontSizes: scaleTokens(tokens.fontSizes, () => true),
        radii: scaleTokens(tokens.radii, () => true),
        spacing: steps,
        sizes: { ...scaleTokens(tokens.sizes, isNamed), ...steps },
      } as typeof theme.tokens,
      recipes: scaleStyle(theme.recipes) as typeof theme.recipes,
      slotRecipes: scaleStyle(theme.slotRecipes) as typeof theme.slotRecipes,
      textStyles: scaleStyle(theme.textStyles) as typeof theme.textStyles,
      layerStyles: scaleStyle(theme.layerStyles) as typeof theme.layerStyles,
    },
  };
}
