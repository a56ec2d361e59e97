import { defineSlotRecipe } from '@chakra-ui/react';
import {
  alertAnatomy,
  checkboxAnatomy,
  dialogAnatomy,
  progressAnatomy,
  radioGroupAnatomy,
  toastAnatomy,
} from '@chakra-ui/react/anatomy';

/** SPEC §9 alert variants; `role` is set by the component (alert for errors). */
export const alertRecipe = defineSlotRecipe({
  slots: alertAnatomy.keys(),
  base: { root: { borderWidth: '1px', gap: '12', px: '16', py: '12' } },
  variants: {
    variant: {
      info: {
        root: { bg: 'beige.100', color: 'navy.800', borderColor: 'beige.500' },
        indicator: { color: 'navy.700' },
      },
      error: {
        root: { bg: 'red.50', color: 'red.900', borderColor: 'red.600' },
        indicator: { color: 'red.700' },
      },
      success: {
        root: { bg: 'green.50', color: 'green.900', borderColor: 'green.600' },
        indicator: { color: 'green.700' },
      },
    },
  },
  defaultVariants: { variant: 'info' },
});

/** SPEC §9: progress sizes xs–xl (Chakra's own), xl by default. */
export const progressRecipe = defineSlotRecipe({
  slots: progressAnatomy.keys(),
  defaultVariants: { size: 'xl' },
});

/** SPEC §9: the default dialog is at most 450px wide, the extra-large one 1400px. */
export const dialogRecipe = defineSlotRecipe({
  slots: dialogAnatomy.keys(),
  variants: {
    size: {
      md: { content: { maxW: '450px' } },
      xl: { content: { maxW: '1400px' } },
    },
  },
});

/**
 * SPEC §8 toasts in AA contrast: Chakra's success green (600) is too light for white text, and
 * its descriptions are dimmed to 80 %. The toaster reads the message; it must be legible.
 */
export const toastRecipe = defineSlotRecipe({
  slots: toastAnatomy.keys(),
  base: {
    root: {
      '&[data-type=success]': { bg: 'green.700', color: 'white' },
      '&[data-type=error]': { bg: 'red.700', color: 'white' },
    },
    description: { opacity: '1' },
  },
});

/**
 * WCAG 1.4.11: an unchecked radio or checkbox is seen by its outline, which needs 3:1 against
 * the white card. Chakra's `border.emphasized` (gray.300) measured 1.46:1; navy.500 is 8.4:1.
 */
const CONTROL_OUTLINE = 'navy.500';

export const radioGroupRecipe = defineSlotRecipe({
  slots: radioGroupAnatomy.keys(),
  variants: {
    variant: {
      solid: { itemControl: { borderColor: CONTROL_OUTLINE } },
      outline: { itemControl: { borderColor: CONTROL_OUTLINE } },
    },
  },
});

export const checkboxRecipe = defineSlotRecipe({
  slots: checkboxAnatomy.keys(),
  variants: {
    variant: {
      solid: { control: { borderColor: CONTROL_OUTLINE } },
      outline: { control: { borderColor: CONTROL_OUTLINE } },
    },
  },
});
