import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TOAST_MS, notify } from './notify.ts';

const shown = () => toast.getHistory().filter((t) => !('dismiss' in t && t.dismiss));
afterEach(() => toast.dismiss());

describe('toasts', () => {
  it('disappear after 1400 ms unless they say otherwise', () => {
    const id = notify({ type: 'success', message: 'Added to cart!' });
    expect(shown().find((t) => t.id === id)).toMatchObject({ duration: DEFAULT_TOAST_MS, className: 'toast-success' });
    const sticky = notify({ type: 'info', message: 'Stays', timeout: false });
    expect(shown().find((t) => t.id === sticky)).toMatchObject({ duration: Infinity });
    const own = notify({ type: 'info', message: 'Own time', timeout: 5000 });
    expect(shown().find((t) => t.id === own)).toMatchObject({ duration: 5000 });
  });

  it('an unknown type is shown as danger', () => {
    const id = notify({ type: 'shout', message: 'Unknown type' });
    expect(shown().find((t) => t.id === id)).toMatchObject({ className: 'toast-danger' });
  });

  it('a toast identical to the last one is ignored, a different one is not', () => {
    const first = notify({ type: 'danger', message: 'Stock not available' });
    expect(notify({ type: 'danger', message: 'Stock not available' })).toBeNull();
    expect(notify({ type: 'warning', message: 'Stock not available' })).not.toBeNull();
    expect(first).not.toBeNull();
  });

  it('offers at most two action buttons', () => {
    const id = notify({ type: 'info', message: 'Update?', actions: [{ label: 'OK' }, { label: 'Later' }, { label: 'Never' }] });
    const t = shown().find((x) => x.id === id) as { action?: { label: string }; cancel?: { label: string } };
    expect(t.action?.label).toBe('OK');
    expect(t.cancel?.label).toBe('Later');
  });
});
