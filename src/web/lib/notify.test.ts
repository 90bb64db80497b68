import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notify } from './notify.ts';
import { markToasterReady } from './toast-queue.ts';
import { useUi } from './ui-store.ts';

const shown = () => toast.getHistory().filter((t) => !('dismiss' in t && t.dismiss));
// no browser here: sonner keeps its toasts in memory, as the toaster would read them
beforeAll(markToasterReady);
afterEach(() => toast.dismiss());

describe('toasts', () => {
  it('the first toast asks for the toaster to be mounted', async () => {
    expect(useUi.getState().toasts).toBe(false);
    await notify({ type: 'info', message: 'First' });
    expect(useUi.getState().toasts).toBe(true);
  });

  it('disappear after 1400 ms unless they say otherwise', async () => {
    const id = await notify({ type: 'success', message: 'Added to cart!' });
    // spec §4 and §9: "Auto-dismiss after 1400 ms", "Toast default 1400 ms"
    expect(shown().find((t) => t.id === id)).toMatchObject({ duration: 1400, className: 'toast-success' });
    const sticky = await notify({ type: 'info', message: 'Stays', timeout: false });
    expect(shown().find((t) => t.id === sticky)).toMatchObject({ duration: Infinity });
    const own = await notify({ type: 'info', message: 'Own time', timeout: 5000 });
    expect(shown().find((t) => t.id === own)).toMatchObject({ duration: 5000 });
  });

  it('an unknown type is shown as danger', async () => {
    const id = await notify({ type: 'shout', message: 'Unknown type' });
    expect(shown().find((t) => t.id === id)).toMatchObject({ className: 'toast-danger' });
  });

  it('an error and a success are told apart by their type, class and icon', async () => {
    // sonner draws an icon for its success, info, warning and error types; secondary has none
    const expected = { secondary: undefined, info: 'info', success: 'success', warning: 'warning', danger: 'error' };
    for (const [type, sonnerType] of Object.entries(expected)) {
      const id = await notify({ type, message: `A ${type} toast` });
      expect(shown().find((t) => t.id === id)).toMatchObject({ type: sonnerType, className: `toast-${type}` });
    }
  });

  it('a toast identical to the last one is ignored, a different one is not', async () => {
    const first = await notify({ type: 'danger', message: 'Stock not available' });
    expect(await notify({ type: 'danger', message: 'Stock not available' })).toBeNull();
    expect(await notify({ type: 'warning', message: 'Stock not available' })).not.toBeNull();
    expect(first).not.toBeNull();
  });

  it('offers at most two action buttons', async () => {
    const id = await notify({ type: 'info', message: 'Update?', actions: [{ label: 'OK' }, { label: 'Later' }, { label: 'Never' }] });
    const t = shown().find((x) => x.id === id) as { action?: { label: string }; cancel?: { label: string } };
    expect(t.action?.label).toBe('OK');
    expect(t.cancel?.label).toBe('Later');
  });
});
