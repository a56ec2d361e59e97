import type { ButtonHTMLAttributes } from 'react';
import './catalogue.css';

export interface CatalogueButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The variants of button.recipe.ts the catalogue shows. */
  variant: 'primary' | 'secondary' | 'outline' | 'chip';
  /** md 44px, sm 36px, xs 28px high, as the recipe's sizes. */
  size?: 'md' | 'sm' | 'xs';
}

/** The theme's button in plain elements (issue 13: the catalogue's page carries no Chakra). */
export function CatalogueButton({
  variant,
  size = 'md',
  type = 'button',
  className,
  ...rest
}: CatalogueButtonProps) {
  const classes = ['lp-cat-button', `lp-cat-button-${size}`, `lp-cat-button-${variant}`];
  if (className) classes.push(className);
  return <button type={type} className={classes.join(' ')} {...rest} />;
}
