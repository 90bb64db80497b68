import * as Dialog from '@radix-ui/react-dialog';
import type { ComponentType } from 'react';
import { useUi, type ModalName } from '../lib/ui-store.ts';
import { modalRegistry } from './registry.ts';

/**
 * Renders every modal that has been opened at least once: its code is loaded the first
 * time and it is then shown or hidden. Escape closes it; a click on the overlay closes it
 * unless it is persistent.
 */
export function ModalHost() {
  const modals = useUi((s) => s.modals);
  const closeModal = useUi((s) => s.closeModal);
  return (
    <>
      {(Object.entries(modals) as [ModalName, NonNullable<(typeof modals)[ModalName]>][]).map(([name, m]) => {
        // the props were given with the name they belong to (`openModal`), so any modal takes its own
        const Modal = modalRegistry[name] as ComponentType<{ close(): void }>;
        const close = () => closeModal(name);
        return (
          <Dialog.Root key={name} open={m.open} onOpenChange={(open) => !open && close()}>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 data-[state=open]:animate-in" />
              <Dialog.Content
                data-modal={name}
                aria-describedby={undefined}
                onInteractOutside={(e) => m.persistent && e.preventDefault()}
                className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none"
              >
                <Modal key={m.key} {...m.props} close={close} />
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        );
      })}
    </>
  );
}
