import type { SVGProps } from 'react';

/** Line icons (24×24, currentColor). Decorative: the control around them carries the label. */
export function Icon({ d, ...props }: SVGProps<SVGSVGElement> & { d: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-6"
      {...props}
    >
      <path d={d} />
    </svg>
  );
}

export const HomeIcon = () => <Icon d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />;
export const GridIcon = () => <Icon d="M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z" />;
export const UserIcon = () => <Icon d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-8 9a8 8 0 0 1 16 0" />;
export const CartIcon = () => <Icon d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.7a1 1 0 0 0 1-.8L21 8H6.2M9 20.5h.01M18 20.5h.01" />;
export const BackIcon = () => <Icon d="M15 18l-6-6 6-6" />;
export const SearchIcon = () => <Icon d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Zm5-2 5 5" />;
export const ChatIcon = () => <Icon d="M4 20l1.3-3.9A8 8 0 1 1 8 19.3z" />;
export const MenuIcon = () => <Icon d="M4 6h16M4 12h16M4 18h16" />;
