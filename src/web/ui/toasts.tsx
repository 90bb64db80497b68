import { Toaster } from 'sonner';

/** Where toasts appear; `lib/notify.ts` is the one way to show one. Colours per §4 type. */
export function Toasts() {
  return (
    <Toaster
      position="top-center"
      visibleToasts={3}
      toastOptions={{
        classNames: {
          toast: 'border-l-4',
          actionButton: '!bg-slate-900 !text-white',
          cancelButton: '!bg-slate-200 !text-slate-900',
        },
      }}
    />
  );
}
