import type { ComponentType } from 'react';
import { createElement } from 'react';
import { loadable } from '../lib/loadable.tsx';
import type { ModalName, ModalPropsByName } from '../lib/ui-store.ts';

/** What a modal receives: the props it was opened with (`ModalPropsByName`), and how to close itself. */
export type ModalProps<N extends ModalName> = { close(): void } & ModalPropsByName[N];

type ModalModule<N extends ModalName> = { default: ComponentType<ModalProps<N>> };

/** A modal whose code failed to load says so inside itself (§8); its Close closes the modal. */
const lazy = <N extends ModalName>(load: () => Promise<ModalModule<N>>) =>
  loadable<ModalProps<N>>(() => load().then((m) => m.default), {
    inline: true,
    fallback: createElement('p', { className: 'py-6 text-center text-slate-600' }, '…'),
    onClose: (props) => props.close(),
  });

/**
 * Each modal's code, loaded the first time it opens and kept after that.
 */
export const modalRegistry: { [N in ModalName]: ComponentType<ModalProps<N>> } = {
  'language-switcher': lazy(() => import('./language-switcher.tsx')),
  'size-guide': lazy(() => import('./size-guide.tsx')),
  'terms-and-conditions': lazy(() => import('./terms-and-conditions.tsx')),
  'feature-not-implemented': lazy(() => import('./feature-not-implemented.tsx')),
  'whatsapp-help': lazy(() => import('./whatsapp-help.tsx')),
  newsletter: lazy(() => import('./newsletter.tsx')),
  review: lazy(() => import('./review.tsx')),
  authentication: lazy(() => import('../features/account/components/authentication.tsx')),
  'verify-phone': lazy(() => import('../features/account/components/contact-change.tsx').then((m) => ({ default: m.VerifyPhoneModal }))),
  'update-name': lazy(() => import('../features/account/components/update-name.tsx')),
  'add-email': lazy(() => import('../features/account/components/contact-change.tsx').then((m) => ({ default: m.AddEmailModal }))),
  'order-confirmation': lazy(() => import('./order-confirmation.tsx')),
  'order-cancel-request': lazy(() => import('./order-cancel-request.tsx')),
  'order-help': lazy(() => import('./order-help.tsx')),
};
