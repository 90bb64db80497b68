import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ModalName } from '../lib/ui-store.ts';

/** What every modal receives: its own props, and how to close itself. */
export type ModalProps = { close(): void } & Record<string, unknown>;

/**
 * Each modal's code, loaded the first time it opens and kept after that.
 */
export const modalRegistry: Record<ModalName, LazyExoticComponent<ComponentType<ModalProps>>> = {
  'language-switcher': lazy(() => import('./language-switcher.tsx')),
  'size-guide': lazy(() => import('./size-guide.tsx')),
  'terms-and-conditions': lazy(() => import('./terms-and-conditions.tsx')),
  'feature-not-implemented': lazy(() => import('./feature-not-implemented.tsx')),
  'whatsapp-help': lazy(() => import('./whatsapp-help.tsx')),
  newsletter: lazy(() => import('./newsletter.tsx')),
  review: lazy(() => import('./review.tsx')),
  authentication: lazy(() => import('./authentication.tsx')),
  'verify-phone': lazy(() => import('./contact-change.tsx').then((m) => ({ default: m.VerifyPhoneModal }))),
  'update-name': lazy(() => import('./update-name.tsx')),
  'add-email': lazy(() => import('./contact-change.tsx').then((m) => ({ default: m.AddEmailModal }))),
  'order-confirmation': lazy(() => import('./order-confirmation.tsx')),
  'order-cancel-request': lazy(() => import('./order-cancel-request.tsx')),
  'order-help': lazy(() => import('./order-help.tsx')),
};
