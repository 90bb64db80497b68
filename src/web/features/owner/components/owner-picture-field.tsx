import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { isResizable, resizedUrl } from '../../../../domain/images.ts';
import { ownerApi } from '../api/owner-api.ts';
import { dropZoneClass, PhotoFileButton, tooLarge, useFileDrop } from './photo-upload.tsx';
import { AlertText } from '../../../ui/alert-text.tsx';

/** Where the server answers uploaded pictures (decision 036): such a path needs no box of its own. */
const UPLOADED = '/media/u/';

/**
 * One picture of the shop front on /admin (issue 21): a category's image, a banner's image
 * for phones or for wide screens. The current picture is shown; a photo chosen or dropped
 * here is uploaded at once (`POST /admin/api/media`, checked as product photos are) and its
 * address put in the form, kept when the form is saved; "Remove" empties the field. A
 * picture already under media/ can still be named by its path, under "or type a path".
 * `onBusy` tells the form while a photo is on its way, so it is not saved without it.
 */
export function PictureField({
  label,
  value,
  error,
  onChange,
  onBusy,
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBusy?: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  // the path whose picture did not load, so a typo in a path says so instead of a broken image
  const [broken, setBroken] = useState<string | null>(null);
  // a typed path shows its box; an uploaded picture's address is the shop's business
  const [typing, setTyping] = useState(() => value !== '' && !value.startsWith(UPLOADED));

  const upload = async ([file]: File[]) => {
    if (!file || busy) return;
    setStatus('');
    setRefused(null);
    if (tooLarge(file)) return setRefused(t('owner.photoFailed', { name: file.name, message: t('owner.photoTooLarge') }));
    setBusy(true);
    onBusy?.(true);
    setStatus(t('owner.pictureUploading', { name: file.name }));
    const res = await ownerApi.uploadPicture(file);
    setBusy(false);
    onBusy?.(false);
    if (res.ok) {
      onChange(res.data.url);
      setStatus(t('owner.pictureUploaded', { name: file.name }));
    } else {
      setStatus('');
      setRefused(t('owner.photoFailed', { name: file.name, message: res.error?.message ?? t('owner.failed') }));
    }
  };
  const { dragging, zone } = useFileDrop((files) => void upload(files));
  const remove = () => {
    onChange('');
    setStatus('');
    setRefused(null);
  };

  // only the shop's own paths are pictures the form can save (domain/shop-front.ts)
  const shown = value.startsWith('/') ? value : '';
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={errorId} {...zone} className={`flex flex-col gap-2 ${dropZoneClass(dragging)}`}>
      <span id={`${id}-label`} className="text-sm font-medium">
        {label}
      </span>
      {!shown ? (
        <p className="text-sm text-slate-600">{t('owner.pictureNone')}</p>
      ) : broken === shown ? (
        <p className="text-sm text-red-700">{t('owner.pictureMissing')}</p>
      ) : (
        <img
          src={isResizable(shown) ? resizedUrl(shown, 420) : shown}
          alt={t('owner.pictureAlt', { label })}
          width={320}
          height={112}
          onError={() => setBroken(shown)}
          className="h-28 w-full max-w-xs rounded bg-slate-100 object-contain"
        />
      )}
      <div className="flex flex-wrap items-center gap-2">
        <PhotoFileButton label={t('owner.pictureUpload')} disabled={busy} onFiles={(files) => void upload(files)} />
        {value ? (
          <button
            type="button"
            disabled={busy}
            aria-label={t('owner.pictureRemoveLabel', { label })}
            onClick={remove}
            className="min-h-11 rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold disabled:opacity-50"
          >
            {t('owner.photoRemove')}
          </button>
        ) : null}
      </div>
      <p className="text-xs text-slate-600">{t('owner.pictureDrop')}</p>
      <p role="status" className="text-sm">
        {status}
      </p>
      <AlertText message={refused} small />
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <details open={typing || Boolean(error)} onToggle={(e) => setTyping(e.currentTarget.open)}>
        <summary className="cursor-pointer py-3 text-sm text-slate-700">{t('owner.pictureTypePath')}</summary>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('owner.picturePath', { label })}
          <input
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={errorId}
            onChange={(e) => onChange(e.target.value)}
            className="w-full rounded-md border border-slate-300 px-3 py-2 text-base font-normal"
          />
        </label>
      </details>
    </div>
  );
}
