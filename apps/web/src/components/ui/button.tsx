import {
  Button as ChakraButton,
  type ButtonProps as ChakraButtonProps,
  IconButton as ChakraIconButton,
  type IconButtonProps as ChakraIconButtonProps,
  type RecipeVariantProps,
} from '@chakra-ui/react';
import type { Ref } from 'react';
import type { buttonRecipe } from './button.recipe.ts';

/**
 * Chakra types `variant` and `size` from its CLI typegen, which writes into node_modules; these
 * wrappers type them from our own recipe instead (SPEC §9 variants), and pass them through.
 */
type BrandButtonVariants = NonNullable<RecipeVariantProps<typeof buttonRecipe>>;

export type ButtonProps = Omit<ChakraButtonProps, 'variant' | 'size'> &
  BrandButtonVariants & {
    /** React 19 passes `ref` as a prop: to move focus back to a button. */
    ref?: Ref<HTMLButtonElement>;
  };
export type IconButtonProps = Omit<ChakraIconButtonProps, 'variant' | 'size'> & BrandButtonVariants;

export function Button({ variant, size, ...rest }: ButtonProps) {
  return <ChakraButton variant={variant as never} size={size as never} {...rest} />;
}

export function IconButton({ variant, size, ...rest }: IconButtonProps) {
  return <ChakraIconButton variant={variant as never} size={size as never} {...rest} />;
}
