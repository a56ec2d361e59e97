import { defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  datePickerSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  fileUploadSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  kbdRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  markRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

type TokenTree = { [key: string]: unknown };

/**
 * Chakra's semantic tokens with their light values only. LexPath is light-only (SPEC §9; no
 * colour-mode switch, nothing sets `.dark`): each `{ _light, _dark }` pair otherwise becomes two
 * more CSS variables (230 of the 800) that createSystem builds and the first render serialises,
 * injects and parses, and the dark ones never apply (issue 13). The light value moves from the
 * `:root, .light` rule to the root rule, the same element.
 */
export function lightValues(tree: TokenTree): TokenTree {
  return Object.fromEntries(
    Object.entries(tree).map(([key, node]) => {
      if (node === null || typeof node !== 'object') return [key, node];
      if (!('value' in node)) return [key, lightValues(node as TokenTree)];
      const { value } = node as { value: unknown };
      const light =
        value !== null && typeof value === 'object' && '_light' in value ? value._light : value;
      return [key, { ...node, value: light }];
    }),
  );
}

/**
 * Chakra's default config with the recipes of the components LexPath renders, not all ~80:
 * `defaultConfig` ships every recipe in the first chunk every page downloads (117 kB minified,
 * a third of the entry) and the rescale walks them all at start (issue 13). The rest is
 * Chakra's own default theme, unchanged. A component without its recipe would render unstyled,
 * silently: chakra-base.test.ts checks every Chakra component the app imports has its own here.
 */
export const chakraBaseConfig = mergeConfigs(
  defaultBaseConfig,
  defineConfig({
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss,
    theme: {
      breakpoints,
      keyframes,
      tokens,
      semanticTokens: lightValues(semanticTokens),
      textStyles,
      layerStyles,
      animationStyles,
      recipes: {
        badge: badgeRecipe,
        button: buttonRecipe,
        code: codeRecipe,
        container: containerRecipe,
        heading: headingRecipe,
        input: inputRecipe,
        inputAddon: inputAddonRecipe,
        kbd: kbdRecipe,
        link: linkRecipe,
        mark: markRecipe,
        separator: separatorRecipe,
        skeleton: skeletonRecipe,
        spinner: spinnerRecipe,
        textarea: textareaRecipe,
        icon: iconRecipe,
        checkmark: checkmarkRecipe,
        radiomark: radiomarkRecipe,
      },
      slotRecipes: {
        alert: alertSlotRecipe,
        card: cardSlotRecipe,
        checkbox: checkboxSlotRecipe,
        datePicker: datePickerSlotRecipe,
        dialog: dialogSlotRecipe,
        drawer: drawerSlotRecipe,
        field: fieldSlotRecipe,
        fieldset: fieldsetSlotRecipe,
        fileUpload: fileUploadSlotRecipe,
        nativeSelect: nativeSelectSlotRecipe,
        progress: progressSlotRecipe,
        radioGroup: radioGroupSlotRecipe,
        switch: switchSlotRecipe,
        table: tableSlotRecipe,
        toast: toastSlotRecipe,
      },
    },
  }),
);
