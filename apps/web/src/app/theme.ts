import { createSystem, defineConfig } from '@chakra-ui/react';
import { buttonRecipe } from './theme/button.recipe.ts';
import { chakraBaseConfig } from './theme/chakra-base.ts';
import { rescaleDefaultConfig } from './theme/rem-scale.ts';
import { alertRecipe, dialogRecipe, progressRecipe, toastRecipe } from './theme/slot-recipes.ts';
import { colors, fonts, SPACING_STEPS, semanticColors } from './theme/tokens.ts';

const appConfig = defineConfig({
  globalCss: {
    // SPEC §9: 62.5 % root, so 1rem = 10px and token N = N px; body text stays 16px.
    html: { fontSize: '62.5%', colorPalette: 'navy', colorScheme: 'light' },
    body: { fontSize: 'md', lineHeight: '1.5', color: 'navy.900', bg: 'white' },
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        transitionDuration: '0.01ms !important',
      },
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
      dialog: dialogRecipe,
      progress: progressRecipe,
      toast: toastRecipe,
    },
  },
});

/** The Chakra system: the rescaled defaults (light, LTR) plus the LexPath brand. */
export const system = createSystem(
  rescaleDefaultConfig(chakraBaseConfig, SPACING_STEPS),
  appConfig,
);
