import { useCallback } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { DeliveryMode } from '../../../../domain/totals.ts';
import type { PaymentType } from '../../../../domain/order.ts';
import { tableCodesAsked } from '../../../../domain/checkout-rules.ts';
import { useSession } from '../../../lib/session.ts';
import { useShop } from '../../../lib/use-shop.ts';
import type { SavedAddress } from '../api/addresses.ts';
import { useCheckout } from '../store/checkout-store.ts';
import { AddressFields } from './address-fields.tsx';
import { DeliverySlotField } from './delivery-slot-field.tsx';
import { Field, FieldError, Section } from './field.tsx';

/** A field's problem in the shopper's words, by its path in the order ('personalDetails.email'). */
type ErrorFor = (path: string) => string | undefined;

/** How to get the order, when the shop offers more than one way. */
export function ModeSection({ modes, errorFor }: { modes: readonly DeliveryMode[]; errorFor: ErrorFor }) {
  const { t } = useTranslation();
  const { deliveryMode, dispatch } = useCheckout();
  if (modes.length < 2) return null;
  return (
    <Section title={t('checkout.howToGet')}>
      <div role="radiogroup" aria-label={t('checkout.howToGet')} className="flex flex-wrap gap-2">
        {modes.map((mode) => (
          <label
            key={mode}
            className={`flex cursor-pointer items-center gap-2 rounded-full border px-4 py-2 font-medium ${deliveryMode === mode ? 'border-primary-strong bg-primary-strong/10' : 'border-slate-300'}`}
          >
            <input
              type="radio"
              name="deliveryMode"
              value={mode}
              checked={deliveryMode === mode}
              onChange={() => dispatch({ type: 'chooseMode', mode })}
              className="accent-primary-strong"
            />
            {t(`checkout.modes.${mode}`)}
          </label>
        ))}
      </div>
      {errorFor('deliveryMode') ? <FieldError>{errorFor('deliveryMode')}</FieldError> : null}
    </Section>
  );
}

/** The shopper's name, e-mail and phone; those this way of getting the order does not ask say "(optional)". */
export function ContactSection({ required, errorFor }: { required: { fullName: boolean; email: boolean; phone: boolean }; errorFor: ErrorFor }) {
  const { t } = useTranslation();
  const { personalDetails: personal, dispatch } = useCheckout();
  const label = (text: string, isRequired: boolean) => (isRequired ? text : `${text} ${t('checkout.optional')}`);
  return (
    <Section title={t('checkout.contact')}>
      <Field
        label={label(t('checkout.fullName'), required.fullName)}
        autoComplete="name"
        value={personal.fullName}
        onChange={(e) => dispatch({ type: 'setPersonal', details: { fullName: e.target.value } })}
        error={errorFor('personalDetails.fullName')}
      />
      <Field
        label={label(t('checkout.email'), required.email)}
        type="email"
        autoComplete="email"
        value={personal.email}
        onChange={(e) => dispatch({ type: 'setPersonal', details: { email: e.target.value } })}
        error={errorFor('personalDetails.email')}
      />
      <div className="flex gap-2">
        <Field
          label={t('checkout.dialCode')}
          className="w-24"
          autoComplete="tel-country-code"
          value={personal.phone.dialCode}
          onChange={(e) => dispatch({ type: 'setPersonal', details: { phone: { dialCode: e.target.value } } })}
        />
        <Field
          label={label(t('checkout.phone'), required.phone)}
          className="flex-1"
          type="tel"
          autoComplete="tel-national"
          value={personal.phone.number}
          onChange={(e) => dispatch({ type: 'setPersonal', details: { phone: { number: e.target.value } } })}
          error={errorFor('personalDetails.phone')}
        />
      </div>
    </Section>
  );
}

/**
 * The delivery address: a logged-in shopper's saved ones to pick (`useSavedAddresses`),
 * the fields, and the delivery slot when the shop has slots.
 */
export function AddressSection({ addresses, errorFor }: { addresses: readonly SavedAddress[]; errorFor: ErrorFor }) {
  const { t } = useTranslation();
  const shop = useShop();
  const { shippingDetails, selectedAddressId, savedAddressEdited, shippingSlotId, dispatch } = useCheckout();
  const loggedIn = useSession((s) => s.status === 'user');
  const chooseSlot = useCallback((slotId: string | null) => dispatch({ type: 'chooseSlot', slotId }), [dispatch]);

  return (
    <Section title={t('checkout.address')}>
      {addresses.length > 0 ? (
        <div role="radiogroup" aria-label={t('checkout.savedAddresses')} className="flex flex-col gap-2">
          {addresses.map(({ id, ...address }) => (
            <label key={id} className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-300 px-3 py-2">
              <input
                type="radio"
                name="savedAddress"
                checked={selectedAddressId === id}
                onChange={() => dispatch({ type: 'useSavedAddress', id, address })}
                className="mt-1 accent-primary-strong"
              />
              <span className="flex flex-col font-medium">
                {address.fullName}
                <span className="text-sm font-normal text-slate-600">
                  {[address.streetName, address.apartment, address.city, address.zipCode].filter(Boolean).join(', ')}
                </span>
              </span>
            </label>
          ))}
          <label className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-3 py-2">
            <input
              type="radio"
              name="savedAddress"
              checked={selectedAddressId === null}
              onChange={() => dispatch({ type: 'useNewAddress', country: '' })}
              className="accent-primary-strong"
            />
            <span className="font-medium">{t('checkout.newAddress')}</span>
          </label>
        </div>
      ) : null}
      <AddressFields
        value={shippingDetails}
        onChange={(details) => dispatch({ type: 'setShipping', details })}
        errorFor={(field) => errorFor(`shippingDetails.${field}`)}
      />
      {loggedIn && (!selectedAddressId || savedAddressEdited) ? (
        <p className="text-sm text-slate-600">{t(savedAddressEdited ? 'checkout.addressUpdated' : 'checkout.addressSaved')}</p>
      ) : null}
      {shop.orderConfig.deliverySlots.length > 0 ? <DeliverySlotField value={shippingSlotId} onChange={chooseSlot} error={errorFor('shippingSlotId')} /> : null}
    </Section>
  );
}

/** The table for an order eaten at the shop: one of the shop's tables, and a note. */
export function TableSection({ errorFor }: { errorFor: ErrorFor }) {
  const { t } = useTranslation();
  const shop = useShop();
  const { dineInDetails, dispatch } = useCheckout();
  // a shop that asks for its tables' codes takes a table from its list, with the code on its card (issue 41)
  const coded = tableCodesAsked(shop);
  return (
    <Section title={t('checkout.table')}>
      {shop.dineSpaces.length > 0 ? (
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          {t('checkout.chooseTable')}
          <select
            value={dineInDetails.spaceId}
            onChange={(e) => dispatch({ type: 'setDineIn', spaceId: e.target.value })}
            aria-invalid={errorFor('dineInDetails.spaceId') ? true : undefined}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
          >
            <option value="">—</option>
            {shop.dineSpaces.map((space) => (
              <option key={space.id} value={space.id}>
                {space.name}
              </option>
            ))}
          </select>
          {coded && errorFor('dineInDetails.spaceId') ? <FieldError>{errorFor('dineInDetails.spaceId')}</FieldError> : null}
        </label>
      ) : null}
      {coded ? (
        <Field
          label={t('checkout.tableCode')}
          value={dineInDetails.code}
          onChange={(e) => dispatch({ type: 'setDineIn', code: e.target.value.replace(/[^0-9]/g, '').slice(0, 4) })}
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          className="max-w-56"
          error={errorFor('dineInDetails.code')}
        />
      ) : null}
      <Field
        label={t(coded ? 'checkout.seatNote' : 'checkout.tableNote')}
        value={dineInDetails.value}
        onChange={(e) => dispatch({ type: 'setDineIn', value: e.target.value })}
        error={(coded ? undefined : errorFor('dineInDetails.spaceId')) ?? errorFor('dineInDetails.value')}
      />
    </Section>
  );
}

/** How to pay: the providers this order may use, by the names this way of getting it gives them (decision 050). */
export function PaymentSection<P extends { id: string }>({
  providers,
  nameOf,
  errorFor,
}: {
  providers: readonly P[];
  nameOf: (p: P) => string;
  errorFor: ErrorFor;
}) {
  const { t } = useTranslation();
  const { orderPaymentType, dispatch } = useCheckout();
  return (
    <Section title={t('checkout.payment')}>
      <div role="radiogroup" aria-label={t('checkout.payment')} className="flex flex-col gap-2">
        {providers.map((p) => (
          <label key={p.id} className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-3 py-2">
            <input
              type="radio"
              name="paymentType"
              value={p.id}
              checked={orderPaymentType === p.id}
              onChange={() => dispatch({ type: 'choosePayment', paymentType: p.id as PaymentType })}
              className="accent-primary-strong"
            />
            <span className="font-medium">{nameOf(p)}</span>
          </label>
        ))}
      </div>
      {errorFor('paymentType') ? <FieldError>{errorFor('paymentType')}</FieldError> : null}
    </Section>
  );
}
