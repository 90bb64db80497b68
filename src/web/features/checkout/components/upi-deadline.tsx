import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useFormatWhen } from '../../../lib/format.ts';

/**
 * By when the shop confirms a UPI payment the shopper reported, and that an order not confirmed
 * by then is cancelled (decision 073): `by` from the server's answer or `upiVerifyBy`; nothing when null.
 */
/** Until when the order is held for the shopper to pay by UPI, and that the shop then checks its bank rather than cancel it (issue 39). */
export function UpiHold({ until, className }: { until: number | null; className?: string }) {
  const { t } = useTranslation();
  const when = useFormatWhen();
  if (until === null) return null;
  return <p className={className}>{t('checkout.upiHoldUntil', { when: when.dayTime(new Date(until).toISOString()) })}</p>;
}

export function UpiDeadline({ by, className }: { by: number | null; className?: string }) {
  const { t } = useTranslation();
  const when = useFormatWhen();
  if (by === null) return null;
  return <p className={className}>{t('checkout.upiVerifyBy', { when: when.dayTime(new Date(by).toISOString()) })}</p>;
}
