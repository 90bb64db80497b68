import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { ShippingDetails } from '../../../../domain/checkout-state.ts';
import { useSession } from '../../../lib/session.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { savedAddressesQuery, useDeleteAddress, useSaveAddress, type SavedAddress } from '../api/addresses.ts';
import { AddressFields } from './address-fields.tsx';
import { Button } from '../../../ui/button.tsx';
import { AlertText } from '../../../ui/alert-text.tsx';

const blankAddress: ShippingDetails = { fullName: '', streetName: '', apartment: '', city: '', state: '', zipCode: '', country: '', phone: '' };
const small = 'rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium';

/** A new or changed saved address, checked by the server; its field errors show under the fields. */
function AddressForm({ address, onDone }: { address: SavedAddress | null; onDone(): void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<ShippingDetails>(() =>
    address ? { ...blankAddress, ...address, apartment: address.apartment ?? '', phone: address.phone ?? '' } : blankAddress,
  );
  const [errors, setErrors] = useState<Array<{ path: string; message: string }>>([]);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // busy is set here at once, not read from the mutation, whose state reaches the page a moment later: a second tap saves nothing twice
  const save = useSaveAddress();

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    // a changed address goes to its own id: it is updated, never saved a second time; the list is asked again then
    const res = await save.mutateAsync({ id: address?.id ?? null, address: value });
    setBusy(false);
    if (res.ok) return onDone();
    setErrors(res.error?.fields ?? []);
    setFailed(res.error?.fields ? null : (res.error?.message ?? t('modal.auth.connection')));
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={address ? t('account.editAddress', { name: address.fullName }) : t('account.addAddress')}
      className="flex flex-col gap-3 rounded-md border border-slate-200 p-4"
    >
      <AddressFields
        value={value}
        onChange={(details) => setValue((v) => ({ ...v, ...details }))}
        errorFor={(field) => errors.find((x) => x.path === field)?.message}
      />
      <AlertText message={failed} small />
      <div className="flex gap-3 self-end">
        <button type="button" onClick={onDone} className="rounded-md border border-slate-300 px-4 py-2 font-medium">
          {t('account.cancel')}
        </button>
        <Button type="submit" disabled={busy}>
          {t('account.saveAddress')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Deleting a saved address asks first, in place: the question and its two answers take
 * the buttons' place, and the focus goes to "Keep it" so a stray Enter deletes nothing.
 */
function DeleteAddress({ address }: { address: SavedAddress }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const question = useId();
  // busy is set here at once, not read from the mutation, whose state reaches the page a moment later
  const del = useDeleteAddress();
  useEffect(() => {
    if (asking) keep.current?.focus();
  }, [asking]);

  async function remove() {
    setBusy(true);
    // once deleted, the list is asked again (the mutation's onSuccess)
    const res = await del.mutateAsync(address.id);
    setBusy(false);
    if (!res.ok) setFailed(true);
  }

  if (!asking) {
    return (
      <button type="button" onClick={() => setAsking(true)} className={`${small} text-red-700`}>
        {t('account.deleteAddress', { name: address.fullName })}
      </button>
    );
  }
  return (
    <div role="group" aria-labelledby={question} className="flex flex-wrap items-center gap-2">
      <span id={question}>{t('account.confirmDeleteAddress', { name: address.fullName })}</span>
      <Button variant="danger" size="sm" disabled={busy} onClick={() => void remove()}>
        {t('account.yesDelete')}
      </Button>
      <button ref={keep} type="button" onClick={() => setAsking(false)} className={small}>
        {t('account.keepAddress')}
      </button>
      {failed ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {t('modal.networkError')}
        </p>
      ) : null}
    </div>
  );
}

/** The saved delivery addresses (§7 api/user/addresses): added here or at checkout, edited and deleted here. */
export function SavedAddresses() {
  const { t } = useTranslation();
  // the address being edited, 'new' for a new one
  const [editing, setEditing] = useState<string | null>(null);
  const userId = useSession((s) => s.user?.id ?? null);
  // a change is shown once the server has it (the save and delete mutations ask the list again); the list on screen stays meanwhile
  const { data: answer } = useQuery(savedAddressesQuery(userId), queryClient);
  if (!answer) return <p role="status">{t('nav.loading')}</p>;
  if (!answer.ok)
    return (
      <p role="alert" className="text-red-700">
        {t('modal.networkError')}
      </p>
    );
  const addresses = answer.data;
  const done = () => setEditing(null);
  return (
    <div className="flex flex-col gap-3">
      {addresses.length === 0 ? <p className="text-slate-700">{t('account.noAddresses')}</p> : null}
      <ul className="divide-y divide-slate-100">
        {addresses.map((a) =>
          editing === a.id ? (
            <li key={a.id} className="py-3">
              <AddressForm address={a} onDone={done} />
            </li>
          ) : (
            <li key={a.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
              <span className="flex flex-col">
                <span className="font-medium">{a.fullName}</span>
                <span className="text-sm text-slate-600">{[a.streetName, a.apartment, a.city, a.state, a.zipCode, a.country].filter(Boolean).join(', ')}</span>
              </span>
              <span className="flex flex-wrap gap-2">
                <button type="button" onClick={() => setEditing(a.id)} className={small}>
                  {t('account.editAddress', { name: a.fullName })}
                </button>
                <DeleteAddress address={a} />
              </span>
            </li>
          ),
        )}
      </ul>
      {editing === 'new' ? (
        <AddressForm address={null} onDone={done} />
      ) : (
        <button type="button" onClick={() => setEditing('new')} className={`self-start ${small}`}>
          {t('account.addAddress')}
        </button>
      )}
    </div>
  );
}
