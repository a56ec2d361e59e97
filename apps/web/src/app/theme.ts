import { createSystem, defineConfig, type SystemContext } from '@chakra-ui/react';
import { buttonRecipe } from '../components/ui/button.recipe.ts';
import { chakraBaseConfig } from './theme/chakra-base.ts';
import { rescaleDefaultConfig } from './theme/rem-scale.ts';
import {
  alertRecipe,
  checkboxRecipe,
  dialogRecipe,
  progressRecipe,
  radioGroupRecipe,
  toastRecipe,
} from './theme/slot-recipes.ts';
import { colors, fonts, SPACING_STEPS, semanticColors } from './theme/tokens.ts';

const appConfig = defineConfig({
  globalCss: {
    // SPEC §9: 62.5 % root, so 1rem = 10px and token N = N px; body text stays 16px.
    // `--focus-ring-width` is inherited: Chakra's "inside" rings (inputs, textareas, selects)
    // default to a 1px outline, too thin to see; every ring is at least 2px (issue 12).
    html: {
      fontSize: '62.5%',
      colorPalette: 'navy',
      colorScheme: 'light',
      '--focus-ring-width': '2px',
    },
    body: { fontSize: 'md', lineHeight: '1.5', color: 'navy.900', bg: 'white' },
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        transitionDuration: '0.01ms !important',
      },
    },
    // Anything focusable without a ring of its own (a plain button, a summary) gets the same
    // 2px ring instead of the browser's thin default; `:where` keeps recipes in charge.
    ':where(:focus-visible)': {
      outline: '2px solid',
      outlineColor: 'navy.500',
      outlineOffset: '2px',
    },
    'a:focus-visible, [tabindex]:focus-visible': {
      outline: '3px solid',
      outlineColor: 'navy.500',
      outlineOffset: '2px',
    },
  },
  theme: {
    tokens: { colors, fonts },
    semanticTokens: { colors: semanticColors },
    recipes: { button: buttonRecipe },
    slotRecipes: {
      alert: alertRecipe,
      checkbox: checkboxRecipe,
      dialog: dialogRecipe,
      progress: progressRecipe,
      radioGroup: radioGroupRecipe,
      toast: toastRecipe,
    },
  },
});

let system: SystemContext | undefined;

/**
 * The Chakra system: the rescaled defaults (light, LTR) plus the LexPath brand. Built on the
 * first call, not when the module is evaluated: createSystem is the largest piece of the start
 * (every token, CSS variable and global style; ~100 ms on a mid-range phone), and main.tsx gives
 * it a task of its own instead of one long task with the bundle's evaluation (issue 13).
 */
export function appSystem(): SystemContext {
  system ??= createSystem(rescaleDefaultConfig(chakraBaseConfig, SPACING_STEPS), appConfig);
  return system;
}
