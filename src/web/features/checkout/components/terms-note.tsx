import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useUi } from '../../../lib/ui-store.ts';
import { useShop } from '../../../lib/use-shop.ts';
import { splitTermsLink } from '../lib/terms-link.ts';

/**
 * "By placing the order you accept the terms" by the order button, "terms" opening the shop's
 * terms and conditions in the modal (§2) without leaving the checkout. A shop that wrote no
 * terms has none to accept: nothing is said.
 */
export function TermsNote({ enquiry }: { enquiry: boolean }) {
  const { t } = useTranslation();
  const openModal = useUi((s) => s.openModal);
  const hasTerms = useShop().pages.tAndC.trim() !== '';
  if (!hasTerms) return null;
  const [before, link, after] = splitTermsLink(enquiry ? t('checkout.acceptTermsEnquiry') : t('checkout.acceptTerms'));
  return (
    <p className="text-sm text-slate-700">
      {before}
      {link ? (
        <button type="button" onClick={() => openModal('terms-and-conditions')} className="font-medium text-primary-strong underline">
          {link}
        </button>
      ) : null}
      {after}
    </p>
  );
}
