import { useUi } from './ui-store.ts';

/**
 * What `notify.ts` loads with the first toast: the rules of §4: types secondary, info, success,
 * warning, danger (anything else becomes danger); a toast identical to the last one
 * still showing is ignored; it disappears after 1400 ms unless it says no timeout
 * (`timeout: false`) or gives its own time; up to two action buttons. The toast library
 * loads with the first toast, so pages that show none never download it.
 */

export const toastTypes = ['secondary', 'info', 'success', 'warning', 'danger'] as const;
export type ToastType = (typeof toastTypes)[number];
const DEFAULT_TOAST_MS = 1400;

export type ToastAction = { label: string; onClick?: () => void };
export type Notification = { type: string; message: string; timeout?: number | false; actions?: ToastAction[] };

const loadSonner = () => import('sonner');

// Toasts made before the toaster listens would be lost: the first toast mounts it and waits.
let toasterListening: () => void = () => undefined;
const toasterReady = new Promise<void>((resolve) => (toasterListening = resolve));
/** Called by the toaster once it listens. */
export const markToasterReady = () => toasterListening();
let last: { signature: string; id: Promise<string | number> } | null = null;

function normaliseType(type: string): ToastType {
  return (toastTypes as readonly string[]).includes(type) ? (type as ToastType) : 'danger';
}

/** Shows a toast; resolves to its id, or to null when it repeated the last one. */
export function notify(n: Notification): Promise<string | number | null> {
  const type = normaliseType(n.type);
  const signature = `${type}\u0000${n.message}`;
  if (last?.signature === signature) return Promise.resolve(null);
  const [action, cancel] = (n.actions ?? []).slice(0, 2);
  const duration = n.timeout === false ? Infinity : (n.timeout ?? DEFAULT_TOAST_MS);
  useUi.getState().wantToasts();
  const id = Promise.all([loadSonner(), toasterReady]).then(([{ toast }]) => {
    const clear = () => {
      if (last?.id === id) last = null;
    };
    // sonner's typed calls give each type its own icon and `data-type`; app.css colours them
    const show = { secondary: toast, info: toast.info, success: toast.success, warning: toast.warning, danger: toast.error }[type];
    return show(n.message, {
      duration,
      className: `toast-${type}`,
      action: action ? { label: action.label, onClick: () => action.onClick?.() } : undefined,
      cancel: cancel ? { label: cancel.label, onClick: () => cancel.onClick?.() } : undefined,
      onDismiss: clear,
      onAutoClose: clear,
    });
  });
  last = { signature, id };
  return id;
}
