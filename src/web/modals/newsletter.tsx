import { useState, type FormEvent } from 'react';
import { useTranslation } from '../lib/i18n/i18n.ts';
import { useNewsletterSubscribe } from './api/newsletter.ts';
import { useShop } from '../lib/use-shop.ts';
import { ModalFrame } from './modal-frame.tsx';
import type { ModalProps } from './registry.ts';
import { Button } from '../ui/button.tsx';

type State = { step: 'form'; error: string | null; busy: boolean } | { step: 'done'; email: string };

/**
 * Newsletter sign-up, double opt-in: the server e-mails the address a link to confirm;
 * its welcome code (the shop's offer, 10 % in the spec) comes by e-mail once it does.
 */
export default function Newsletter({ close }: ModalProps<'newsletter'>) {
  const { t } = useTranslation();
  const offer = useShop().newsletter;
  const [state, setState] = useState<State>({ step: 'form', error: null, busy: false });
  // busy is set here at once, not read from the mutation, whose state reaches the page a moment later: a second tap sends nothing
  const subscribe = useNewsletterSubscribe();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    setState({ step: 'form', error: null, busy: true });
    const result = await subscribe.mutateAsync(email);
    if (result.ok) setState({ step: 'done', email: email.trim() });
    else setState({ step: 'form', busy: false, error: result.status === 400 ? t('modal.newsletterBadEmail') : t('modal.networkError') });
  }

  return (
    <ModalFrame title={t('modal.newsletterTitle')} close={close}>
      {state.step === 'done' ? (
        <p role="status" className="text-slate-700">
          {t('modal.newsletterCheckInbox', { email: state.email })}
        </p>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
          <p className="text-slate-700">
            {offer.couponEnabled ? t('modal.newsletterIntro', { percent: offer.couponPercent }) : t('modal.newsletterIntroPlain')}
          </p>
          <label htmlFor="newsletter-email" className="text-sm font-medium">
            {t('modal.email')}
          </label>
          <input
            id="newsletter-email"
            name="email"
            type="email"
            required
            autoComplete="email"
            aria-invalid={state.error ? true : undefined}
            aria-describedby={state.error ? 'newsletter-error' : undefined}
            className="rounded-md border border-slate-400 px-3 py-2"
          />
          {state.error ? (
            <p id="newsletter-error" role="alert" className="text-sm text-red-700">
              {state.error}
            </p>
          ) : null}
          <Button size="lg" type="submit" disabled={state.busy}>
            {t('modal.subscribe')}
          </Button>
        </form>
      )}
    </ModalFrame>
  );
}
