import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useOrderingClosedText } from '../../../lib/use-ordering.ts';
import { useShop } from '../../../lib/use-shop.ts';

/**
 * The notice atop every page while the shop takes no orders: closed by the owner's switch,
 * or outside its ordering hours, when it says when ordering opens (decision 050). The
 * owner's `closedMessage` follows either.
 */
export function ClosedNotice({ storeOpen }: { storeOpen: boolean }) {
  const { t } = useTranslation();
  const own = useShop().orderConfig.closedMessage;
  const hours = useOrderingClosedText();
  const text = !storeOpen ? (own ? `${t('app.storeClosed')} ${own}` : t('app.storeClosed')) : hours;
  if (!text) return null;
  return (
    <p role="status" className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950">
      {text}
    </p>
  );
}
