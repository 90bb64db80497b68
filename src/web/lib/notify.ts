import { toast } from 'sonner';

/**
 * The one way to show a toast, with the rules of §4: types secondary, info, success,
 * warning, danger (anything else becomes danger); a toast identical to the last one
 * still showing is ignored; it disappears after 1400 ms unless it says no timeout
 * (`timeout: false`) or gives its own time; up to two action buttons.
 */

export const toastTypes = ['secondary', 'info', 'success', 'warning', 'danger'] as const;
export type ToastType = (typeof toastTypes)[number];
export const DEFAULT_TOAST_MS = 1400;

export type ToastAction = { label: string; onClick?: () => void };
export type Notification = { type: string; message: string; timeout?: number | false; actions?: ToastAction[] };

let last: { signature: string; id: string | number } | null = null;

export function normaliseType(type: string): ToastType {
  return (toastTypes as readonly string[]).includes(type) ? (type as ToastType) : 'danger';
}

export function notify(n: Notification): string | number | null {
  const type = normaliseType(n.type);
  const signature = `${type}\u0000${n.message}`;
  if (last?.signature === signature) return null;
  const [action, cancel] = (n.actions ?? []).slice(0, 2);
  const duration = n.timeout === false ? Infinity : (n.timeout ?? DEFAULT_TOAST_MS);
  const clear = () => {
    if (last?.id === id) last = null;
  };
  const id = toast(n.message, {
    duration,
    className: `toast-${type}`,
    action: action ? { label: action.label, onClick: () => action.onClick?.() } : undefined,
    cancel: cancel ? { label: cancel.label, onClick: () => cancel.onClick?.() } : undefined,
    onDismiss: clear,
    onAutoClose: clear,
  });
  last = { signature, id };
  return id;
}
