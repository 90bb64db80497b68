import type { ButtonHTMLAttributes } from 'react';

/**
 * The shop's buttons: one look per kind instead of the class strings each screen wrote
 * out. `primary` is the shop's colour (the one action of a form), `secondary` a bordered
 * white one beside it, `danger` the red one that deletes or cancels. A link that reads
 * as a button takes `buttonClass`.
 */
const variants = {
  primary: 'bg-primary text-on-primary',
  secondary: 'border border-slate-300 bg-white text-slate-800',
  /** the "yes" of a question that deletes or cancels something */
  danger: 'bg-red-700 text-white',
} as const;
const sizes = {
  sm: 'px-3 py-1.5 text-sm',
  /** small text in a taller box: the owner's screens, used on a phone */
  'sm-tall': 'px-3 py-2 text-sm',
  md: 'px-4 py-2',
  /** the action that ends a modal (OK, Save, Send) */
  'md-wide': 'px-5 py-2',
  lg: 'px-5 py-2.5',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

/** The classes of a button of this kind and size, then `extra` (its place in the layout: `self-end`, `w-max`…). */
export const buttonClass = (variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = '') =>
  `${extra ? `${extra} ` : ''}rounded-md ${variants[variant]} ${sizes[size]} font-semibold disabled:opacity-50`;

/** A `<button>` (type "button" unless told) with the shop's look. */
export function Button({
  variant = 'primary',
  size = 'md',
  className = '',
  type = 'button',
  ...rest
}: { variant?: ButtonVariant; size?: ButtonSize } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={buttonClass(variant, size, className)} {...rest} />;
}
