import { defineRecipe } from '@chakra-ui/react';

/**
 * SPEC §9 button variants and sizes. Numeric tokens are px (0.1rem steps). Text colours are
 * chosen for WCAG AA: navy on beige, white on navy, never white on beige.
 */
export const buttonRecipe = defineRecipe({
  base: {
    fontWeight: 'semibold',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'transparent',
    cursor: 'pointer',
    focusVisibleRing: 'outside',
    focusRingColor: 'navy.500',
    focusRingWidth: '3px',
    _disabled: { opacity: 0.6, cursor: 'not-allowed' },
  },
  variants: {
    variant: {
      primary: {
        bg: 'navy.700',
        color: 'white',
        _hover: { bg: 'navy.800' },
        _active: { bg: 'navy.900' },
      },
      secondary: {
        bg: 'beige.100',
        color: 'navy.700',
        borderColor: 'beige.500',
        _hover: { bg: 'beige.200' },
        _active: { bg: 'beige.300' },
      },
      tertiary: {
        bg: 'beige.500',
        color: 'navy.900',
        _hover: { bg: 'beige.400' },
        _active: { bg: 'beige.600' },
      },
      transparent: {
        bg: 'transparent',
        color: 'inherit',
        _hover: { bg: 'blackAlpha.100' },
      },
      linkButton: {
        bg: 'transparent',
        color: 'navy.700',
        textDecoration: 'underline',
        textUnderlineOffset: '3px',
        _hover: { color: 'navy.900', textDecorationThickness: '2px' },
      },
      outline: {
        bg: 'white',
        color: 'navy.700',
        borderColor: 'navy.700',
        _hover: { bg: 'navy.50' },
        _active: { bg: 'navy.100' },
      },
      /** Destructive confirmations; used with colorPalette="red". White on 700 keeps AA. */
      danger: {
        bg: 'colorPalette.700',
        color: 'white',
        _hover: { bg: 'colorPalette.800' },
        _active: { bg: 'colorPalette.900' },
      },
      chips: {
        bg: 'beige.100',
        color: 'navy.800',
        borderColor: 'beige.500',
        borderRadius: 'full',
        fontWeight: 'medium',
        _hover: { bg: 'beige.200' },
        // The selected chip keeps white on navy under the pointer too: the plain hover's beige
        // behind white text measured 1.24:1 (axe color-contrast, issue 12).
        _pressed: {
          bg: 'navy.700',
          color: 'white',
          borderColor: 'navy.700',
          _hover: { bg: 'navy.800' },
        },
      },
    },
    size: {
      xs: { h: '28', minW: '28', px: '10', gap: '4', textStyle: 'xs' },
      xsOverSize: { h: '32', minW: '32', px: '16', gap: '6', textStyle: 'sm' },
      sm: { h: '36', minW: '36', px: '14', gap: '6', textStyle: 'sm' },
      md: { h: '44', minW: '44', px: '20', gap: '8', textStyle: 'md' },
      link: { h: 'auto', minW: '0', px: '0', py: '0', gap: '4', textStyle: 'md' },
    },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
});
