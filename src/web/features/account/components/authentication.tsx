import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useAuthActions, useAuthState } from '../hooks/use-authentication.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { Message } from './auth-fields.tsx';
import { AuthFields, AuthLinks, RouteChoice, submitKey, titleKeys, ViaSwitch } from './authentication-parts.tsx';
import { ModalFrame } from '../../../modals/modal-frame.tsx';
import type { ModalProps } from '../../../modals/registry.ts';
import { Button } from '../../../ui/button.tsx';

/**
 * The authentication modal (spec §2, §7): by e-mail or phone, with a password or a
 * one-time code (by phone only where the shopper's country is IN, §4), sign-up (e-mail:
 * confirmed by a link; phone: by a texted code) and a password reset in three steps.
 * Whatever needs a code is offered only by the channels the shop can send codes by.
 * Errors are the server's words, or §8's texts when it cannot be reached or a code could
 * not be sent. A new account made by a code login is asked for its name next.
 */
export default function Authentication({ close, mode: initial }: ModalProps<'authentication'>) {
  const { t } = useTranslation();
  const state = useAuthState(initial);
  const { busy, submit, continueWithCaller } = useAuthActions(state, close);
  const online = useOnline();
  const { shop, country, ways, mode, via, stage, message } = state;

  return (
    <ModalFrame title={t(titleKeys[mode])} close={close}>
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3">
        {mode === 'login' && shop.callerVerification && country === 'IN' ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => void continueWithCaller(shop.callerVerification!)}
            className="rounded-md border border-primary-strong py-2.5 font-semibold text-primary-strong disabled:opacity-60"
          >
            {t('modal.auth.withCaller')}
          </button>
        ) : null}
        {stage === 0 && ways[mode].length > 1 ? <ViaSwitch via={via} onChoose={state.chooseVia} /> : null}
        <AuthFields state={state} />
        {stage === 0 && via === 'phone' && mode !== 'login' && state.routes ? <RouteChoice route={state.route} onChoose={state.chooseRoute} /> : null}
        {online ? null : (
          <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {t('app.loginOffline')}
          </p>
        )}
        {message ? <Message note={message} /> : null}
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? t('modal.auth.working') : t(submitKey(mode, via, stage))}
        </Button>
        <AuthLinks state={state} />
      </form>
    </ModalFrame>
  );
}
