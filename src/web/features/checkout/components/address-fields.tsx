import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { ShippingDetails } from '../../../../domain/checkout-state.ts';
import { Field } from './field.tsx';

/**
 * A delivery address's fields (spec §3 shippingDetails): checkout's new address and the
 * account's address form. `errorFor` gets the field's name ('city').
 */
export function AddressFields({
  value,
  onChange,
  errorFor,
}: {
  value: ShippingDetails;
  onChange(details: Partial<ShippingDetails>): void;
  errorFor(field: keyof ShippingDetails): string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        label={t('checkout.fullName')}
        autoComplete="shipping name"
        value={value.fullName}
        onChange={(e) => onChange({ fullName: e.target.value })}
        error={errorFor('fullName')}
      />
      <Field
        label={t('checkout.streetName')}
        autoComplete="shipping address-line1"
        value={value.streetName}
        onChange={(e) => onChange({ streetName: e.target.value })}
        error={errorFor('streetName')}
      />
      <Field
        label={t('checkout.apartment')}
        autoComplete="shipping address-line2"
        value={value.apartment}
        onChange={(e) => onChange({ apartment: e.target.value })}
        error={errorFor('apartment')}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={t('checkout.city')}
          autoComplete="shipping address-level2"
          value={value.city}
          onChange={(e) => onChange({ city: e.target.value })}
          error={errorFor('city')}
        />
        <Field
          label={t('checkout.state')}
          autoComplete="shipping address-level1"
          value={value.state}
          onChange={(e) => onChange({ state: e.target.value })}
          error={errorFor('state')}
        />
        <Field
          label={t('checkout.zipCode')}
          autoComplete="shipping postal-code"
          inputMode="numeric"
          value={value.zipCode}
          onChange={(e) => onChange({ zipCode: e.target.value })}
          error={errorFor('zipCode')}
        />
        <Field
          label={t('checkout.country')}
          autoComplete="shipping country-name"
          value={value.country}
          onChange={(e) => onChange({ country: e.target.value })}
          error={errorFor('country')}
        />
      </div>
      <Field
        label={t('checkout.addressPhone')}
        type="tel"
        autoComplete="shipping tel"
        value={value.phone}
        onChange={(e) => onChange({ phone: e.target.value })}
        error={errorFor('phone')}
      />
    </>
  );
}
