import { defineSemanticTokens, defineTokens } from '@chakra-ui/react';

/** SPEC §9: 150 spacing steps of 0.1rem, so with the 10px root token N is N px. */
export const SPACING_STEPS = Object.fromEntries(
  Array.from({ length: 151 }, (_, step) => [String(step), { value: `${step / 10}rem` }]),
);

export const fonts = defineTokens.fonts({
  body: {
    value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  heading: {
    value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
});

/** Brand palettes. Text pairs that pass WCAG AA are listed in theme.test.ts. */
export const colors = defineTokens.colors({
  navy: {
    50: { value: '#EEF1F6' },
    100: { value: '#D6DCE7' },
    200: { value: '#AEB9CF' },
    300: { value: '#8093B2' },
    400: { value: '#546D94' },
    500: { value: '#34507A' },
    600: { value: '#273F63' },
    700: { value: '#1B2C4A' },
    800: { value: '#142138' },
    900: { value: '#0D1626' },
    950: { value: '#070C15' },
  },
  beige: {
    50: { value: '#FCFAF6' },
    100: { value: '#F7F1E7' },
    200: { value: '#EFE5D4' },
    300: { value: '#E5D6BE' },
    400: { value: '#D9C6A6' },
    500: { value: '#C9B28A' },
    600: { value: '#AD9368' },
    700: { value: '#8A7350' },
    800: { value: '#66553B' },
    900: { value: '#433827' },
    950: { value: '#2A2318' },
  },
  brand: {
    beige: { value: '{colors.beige.100}' },
    darkBeige: { value: '{colors.beige.500}' },
    navy: { value: '{colors.navy.700}' },
  },
});

/** The keys Chakra's recipes read from `colorPalette`, for our two brand palettes. */
export const semanticColors = defineSemanticTokens.colors({
  navy: {
    solid: { value: '{colors.navy.700}' },
    contrast: { value: 'white' },
    fg: { value: '{colors.navy.700}' },
    muted: { value: '{colors.navy.100}' },
    subtle: { value: '{colors.navy.50}' },
    emphasized: { value: '{colors.navy.200}' },
    focusRing: { value: '{colors.navy.500}' },
  },
  beige: {
    solid: { value: '{colors.beige.500}' },
    contrast: { value: '{colors.navy.800}' },
    fg: { value: '{colors.beige.800}' },
    muted: { value: '{colors.beige.200}' },
    subtle: { value: '{colors.beige.100}' },
    emphasized: { value: '{colors.beige.300}' },
    focusRing: { value: '{colors.navy.500}' },
  },
});
