import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toMinor, type Minor } from '../../../../domain/money.ts';
import type { KeyedInChannel, TakenPayment } from '../../../../domain/order-channels.ts';
import { orderLabel } from '../../../../domain/order-number.ts';
import { totalsFromApi } from '../../../../domain/totals.ts';
import type { ApiError } from '../../../lib/api.ts';
import { useFormatPrice } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { usePriceFormat, useShop, useWhatsappUpdates } from '../../../lib/use-shop.ts';
import { WhatsAppBox } from '../../../ui/whatsapp-box.tsx';
import { Button } from '../../../ui/button.tsx';
import { ownerApi, type KeyedInOrderBody } from '../api/owner-api.ts';
import { queryClient, refreshOwnerData } from '../api/owner-queries.ts';
import { CartLines, ProductPicker, type CartLine } from './new-order-cart.tsx';
import { CashChange, Choice, Delivery, emptyAddress, KnownCustomer, Text, UpiQr } from './new-order-fields.tsx';
import { useSettled } from '../../../lib/use-settled.ts';

/** How the order goes: handed over now (a sale at the counter), picked up later, delivered, or served at a table. */
type Mode = 'now' | 'pickup' | 'ship' | 'dine';
type Payment = TakenPayment | 'later';

const newKey = () => `keyed-in-${crypto.randomUUID()}`;

/**
 * A new order keyed in on /admin (issue 41), made for one hand on a phone: products found by
 * name or code and tapped in, the customer by phone (none at the counter), how it goes, and
 * how it is paid — cash with the change worked out, the shop's UPI QR with the amount filled
 * in, a card on the shop's own machine, or collected later. The server prices it as it is
 * keyed in (the same pricing as the storefront's) and places it on the board with the rest.
 */
export function OwnerNewOrder() {
  const { t } = useTranslation();
  const shop = useShop();
  const formatPrice = useFormatPrice();
  const [lines, setLines] = useState<CartLine[]>([]);
  const [channel, setChannel] = useState<KeyedInChannel>('counter');
  const [mode, setMode] = useState<Mode>('now');
  const [phone, setPhone] = useState('');
  const [name, setName] = useState('');
  const [address, setAddress] = useState(emptyAddress);
  const [slot, setSlot] = useState('');
  const [table, setTable] = useState('');
  const [coupon, setCoupon] = useState('');
  const [note, setNote] = useState('');
  const [payment, setPayment] = useState<Payment>('cash');
  const [reference, setReference] = useState('');
  const [whatsapp, setWhatsapp] = useState(false);
  const whatsappOffered = useWhatsappUpdates();
  const [key, setKey] = useState(newKey);
  const [sending, setSending] = useState(false);
  // the server's refusal of the order as it was sent: gone once anything in it changes
  const [refusal, setRefusal] = useState<{ of: string; error: ApiError } | null>(null);
  const [placed, setPlaced] = useState<{ id: string; number: number } | null>(null);

  const body: KeyedInOrderBody = {
    sfId: shop.id,
    channel,
    handOver: mode === 'now',
    ...(payment === 'later' ? {} : { paymentType: payment }),
    ...(reference.trim() && (payment === 'upi' || payment === 'card') ? { paymentReference: reference.trim() } : {}),
    order: {
      items: lines.map((l) => ({ id: l.id, qty: Number(l.qty) })),
      deliveryMode: mode === 'now' ? 'pickup' : mode,
      personalDetails: { fullName: name.trim(), email: '', phone: { number: phone.trim(), dialCode: phone.trim() ? '+91' : '' } },
      ...(mode === 'ship' ? { shippingDetails: { fullName: name.trim(), country: 'India', ...address, phone: phone.trim() } } : {}),
      ...(mode === 'ship' && slot ? { shippingSlotId: slot } : {}),
      ...(mode === 'dine'
        ? { dineInDetails: shop.dineSpaces.some((s) => s.id === table) ? { spaceId: table, value: '' } : { spaceId: '', value: table } }
        : {}),
      ...(coupon.trim() ? { couponCode: coupon.trim() } : {}),
      ...(whatsappOffered && whatsapp && phone.trim() ? { whatsappUpdates: true } : {}),
      note: note.trim(),
    },
  };
  const sent = JSON.stringify(body);
  const quote = useKeyedInQuote(body);
  const shown = (refusal?.of === sent ? refusal.error : null) ?? quote.refusal;
  const fieldOf = (path: string) => shown?.fields?.find((f) => f.path === path)?.message;
  const lineProblems = Object.fromEntries(
    (shown?.fields ?? []).flatMap((f) => {
      const at = /^order\.items\.(\d+)\./.exec(f.path);
      return at ? [[Number(at[1]), f.message]] : [];
    }),
  );
  const total = quote.data?.grandTotal ?? null;

  const place = async () => {
    setSending(true);
    setRefusal(null);
    const res = await ownerApi.keyIn(body, key);
    setSending(false);
    if (!res.ok) return setRefusal({ of: sent, error: res.error ?? { error: 'failed', message: t('owner.failed') } });
    setPlaced({ id: res.data.orderId, number: res.data.order.number });
    void refreshOwnerData('orders');
  };
  const startAgain = () => {
    setLines([]);
    setChannel('counter');
    setMode('now');
    setPayment('cash');
    setSlot('');
    setTable('');
    setPhone('');
    setName('');
    setAddress(emptyAddress);
    setCoupon('');
    setNote('');
    setReference('');
    setWhatsapp(false);
    setRefusal(null);
    setKey(newKey());
    setPlaced(null);
  };

  if (placed)
    return (
      <section aria-labelledby="new-order" className="flex flex-col items-start gap-3">
        <h1 id="new-order" role="status" className="text-xl font-bold">
          {t('owner.keyIn.placed', { id: orderLabel(placed) })}
        </h1>
        <div className="flex flex-wrap gap-2">
          <Button size="lg" onClick={startAgain}>
            {t('owner.keyIn.another')}
          </Button>
          <Link to={`/admin/orders/${placed.id}`} className="rounded-md border border-slate-300 px-4 py-3 font-semibold">
            {t('owner.keyIn.openOrder')}
          </Link>
          <Link to={`/admin/orders/${placed.id}/print/receipt`} className="rounded-md border border-slate-300 px-4 py-3 font-semibold">
            {t('owner.keyIn.print')}
          </Link>
        </div>
      </section>
    );

  return (
    <section aria-labelledby="new-order" className="flex flex-col gap-5 pb-24">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="new-order" className="text-xl font-bold">
          {t('owner.keyIn.title')}
        </h1>
        <Link to="/admin" className="text-sm font-semibold text-primary-strong underline">
          {t('owner.keyIn.back')}
        </Link>
      </header>

      <ProductPicker onAdd={(line) => setLines((now) => (now.some((l) => l.id === line.id) ? now : [...now, line]))} />
      <CartLines lines={lines} onChange={setLines} problems={lineProblems} />

      <Choice
        legend={t('owner.keyIn.channel')}
        value={channel}
        options={['counter', 'phone', 'whatsapp']}
        label={(c) => t(`owner.keyIn.channels.${c}`)}
        onChange={setChannel}
      />
      <Choice
        legend={t('owner.keyIn.mode')}
        value={mode}
        options={['now', 'pickup', 'ship', 'dine']}
        label={(m) => t(`owner.keyIn.modes.${m}`)}
        onChange={setMode}
      />

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 font-semibold">{t('owner.keyIn.customer')}</legend>
        <Text
          label={t('owner.keyIn.phone')}
          value={phone}
          onChange={setPhone}
          inputMode="tel"
          autoComplete="off"
          error={fieldOf('order.personalDetails.phone')}
        />
        <KnownCustomer phone={phone} onName={(known) => setName((typed) => typed || known)} />
        <Text
          label={t('owner.keyIn.name')}
          value={name}
          onChange={setName}
          error={fieldOf('order.personalDetails.fullName') ?? fieldOf('order.shippingDetails.fullName')}
        />
        {whatsappOffered && phone.trim() ? (
          <WhatsAppBox
            checked={whatsapp}
            onChange={setWhatsapp}
            label={t('owner.keyIn.whatsapp')}
            hint={t('owner.keyIn.whatsappHint', { number: phone.trim() })}
          />
        ) : null}
      </fieldset>

      {mode === 'ship' ? <Delivery address={address} setAddress={setAddress} slot={slot} setSlot={setSlot} fieldOf={fieldOf} /> : null}
      {mode === 'dine' ? (
        <Text label={t('owner.keyIn.table')} value={table} onChange={setTable} list="new-order-tables" error={fieldOf('order.dineInDetails.spaceId')}>
          <datalist id="new-order-tables">
            {shop.dineSpaces.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </datalist>
        </Text>
      ) : null}

      <div className="grid gap-3 sm:grid-cols-2">
        <Text label={t('owner.keyIn.coupon')} value={coupon} onChange={setCoupon} autoComplete="off" />
        <Text label={t('owner.keyIn.note')} value={note} onChange={setNote} />
      </div>

      <Choice
        legend={t('owner.keyIn.payment')}
        value={payment}
        options={['cash', 'upi', 'card', 'later']}
        label={(p) => t(`owner.keyIn.payments.${p}`)}
        onChange={setPayment}
      />
      {total !== null && payment === 'cash' ? <CashChange total={total} /> : null}
      {payment === 'upi' && quote.data?.upi ? (
        <UpiQr qrSvg={quote.data.upi.qrSvg} vpa={quote.data.upi.payee.vpa} amount={formatPrice(total ?? (0 as Minor))} />
      ) : null}
      {payment === 'upi' || payment === 'card' ? (
        <Text label={t('owner.keyIn.reference')} value={reference} onChange={setReference} inputMode="numeric" autoComplete="off" />
      ) : null}

      {quote.data ? <Totals quote={quote.data} /> : null}
      {shown && !shown.fields?.length ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
          {shown.message}
        </p>
      ) : null}

      <div className="fixed inset-x-0 bottom-0 border-t border-slate-200 bg-white p-3 print:hidden">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3">
          <span className="text-lg font-bold tabular-nums">{total === null ? '' : formatPrice(total)}</span>
          <Button size="lg" disabled={sending || !lines.length || total === null || !quote.current} onClick={() => void place()}>
            {t(payment === 'later' ? 'owner.keyIn.place' : 'owner.keyIn.placePaid', { amount: total === null ? '' : formatPrice(total) })}
          </Button>
        </div>
      </div>
    </section>
  );
}

/** The quote of the order as keyed in, asked again a moment after it last changed; the last answer stays on screen meanwhile. */
function useKeyedInQuote(body: KeyedInOrderBody) {
  const { fractionDigits } = usePriceFormat();
  // what prices it: the lines, the mode, the slot, the coupon and the payment (for its QR); not the names and the address being typed
  const { shippingDetails: _address, dineInDetails: _table, ...order } = body.order;
  const priced = {
    ...body,
    paymentReference: undefined,
    order: { ...order, personalDetails: { fullName: '', email: '', phone: order.personalDetails.phone }, note: '' },
  };
  const text = JSON.stringify(priced);
  const asked = useSettled(text, 300);
  const query = useQuery(
    {
      queryKey: ['owner', 'keyed-in-quote', asked],
      queryFn: () => ownerApi.quoteKeyedIn(JSON.parse(asked) as KeyedInOrderBody),
      placeholderData: keepPreviousData,
      enabled: body.order.items.length > 0,
      staleTime: 30_000,
    },
    queryClient,
  );
  const result = query.data;
  const data = useMemo(
    () =>
      result?.ok
        ? { grandTotal: toMinor(result.data.grandTotal, fractionDigits), totals: totalsFromApi(result.data.totals, fractionDigits), upi: result.data.upi }
        : null,
    [result, fractionDigits],
  );
  const current = asked === text && !query.isPlaceholderData && !query.isFetching;
  return { data: body.order.items.length ? data : null, refusal: result && !result.ok && body.order.items.length ? result.error : null, current };
}

function Totals({ quote }: { quote: NonNullable<ReturnType<typeof useKeyedInQuote>['data']> }) {
  const formatPrice = useFormatPrice();
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-3 tabular-nums">
      {quote.totals.map((line) => (
        <div key={line.code} className={`contents ${line.code === 'grand_total' ? 'font-bold' : ''}`}>
          <dt>{line.title}</dt>
          <dd className="text-right">{formatPrice(line.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
