import * as Dialog from '@radix-ui/react-dialog';
import type { ComponentProps, ReactNode } from 'react';

const sides = { left: 'inset-y-0 left-0', right: 'inset-y-0 right-0', top: 'inset-x-0 top-0' } as const;

/**
 * A panel that slides in from an edge over a darkened page (§4 UI: the cart, the search,
 * the side menu), on Radix's dialog: the focus stays inside, Escape and a click on the
 * page close it. `className` sizes and lays out the panel; its title is a `SheetTitle`
 * (visible or `sr-only`) among the children.
 */
export function Sheet({
  open,
  onClose,
  side,
  className,
  onOpenAutoFocus,
  children,
}: {
  open: boolean;
  onClose: () => void;
  side: keyof typeof sides;
  className: string;
  onOpenAutoFocus?: ComponentProps<typeof Dialog.Content>['onOpenAutoFocus'];
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content aria-describedby={undefined} onOpenAutoFocus={onOpenAutoFocus} className={`fixed ${sides[side]} z-40 bg-white shadow-xl ${className}`}>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const SheetTitle = Dialog.Title;
export const SheetClose = Dialog.Close;
