import { useState } from 'react';
import { useTranslation } from '../lib/i18n/i18n.ts';
import { ModalFrame } from './modal-frame.tsx';
import type { ModalProps } from './registry.ts';
import { Button } from '../ui/button.tsx';
import { useCancelRequest } from './api/order-cancel.ts';

/**
 * Asks the shop to cancel an order (`/fn/order/cancelRequest`, with the order's token or
 * the shopper's session):
 * one the shop has not confirmed is cancelled at once and its stock goes back; a later
 * one is flagged for the owner to decide. `onDone` lets the page show the new status.
 */
export default function OrderCancelRequest({ close, shopId, orderId, token, onDone }: ModalProps<'order-cancel-request'>) {
  const { t } = useTranslation();
  const [state, setState] = useState<'asking' | 'sending' | 'cancelled' | 'requested' | 'failed'>('asking');
  // 'sending' is set here at once, not read from the mutation, whose state reaches the page a moment later: a second tap sends nothing
  const cancelRequest = useCancelRequest();

  async function send() {
    setState('sending');
    // a guest's order by its token; without one, the logged-in shopper's own by their session
    const res = await cancelRequest.mutateAsync({ shopId, orderId, token });
    if (!res.ok) return setState('failed');
    setState(res.data.status === 'cancelled' ? 'cancelled' : 'requested');
    onDone?.();
  }

  const done = state === 'cancelled' || state === 'requested';
  return (
    <ModalFrame title={t('modal.shells.orderCancelRequest.title')} close={close}>
      <p role={done || state === 'failed' ? 'status' : undefined} className="text-slate-700">
        {state === 'cancelled'
          ? t('modal.cancelDone')
          : state === 'requested'
            ? t('modal.cancelRequested')
            : state === 'failed'
              ? t('modal.cancelFailed')
              : t('modal.cancelAsk', { id: orderId })}
      </p>
      {done ? (
        <Button size="md-wide" className="self-end" onClick={close}>
          {t('modal.ok')}
        </Button>
      ) : (
        <Button variant="danger" size="md-wide" className="self-end" disabled={state === 'sending'} onClick={() => void send()}>
          {t('modal.cancelConfirm')}
        </Button>
      )}
    </ModalFrame>
  );
}
