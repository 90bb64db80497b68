import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { markToasterReady } from '../lib/notify.ts';

/** Where toasts appear; `lib/notify.ts` is the one way to show one. Colours and icons per §4 type: `app.css`. */
export function Toasts() {
  // the Toaster subscribes in its own effect, which runs before this one
  useEffect(markToasterReady, []);
  return (
    <Toaster
      position="top-center"
      visibleToasts={3}
      toastOptions={{
        classNames: {
          actionButton: '!bg-slate-900 !text-white',
          cancelButton: '!bg-slate-200 !text-slate-900',
        },
      }}
    />
  );
}
