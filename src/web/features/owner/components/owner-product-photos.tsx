import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { isResizable, resizedUrl } from '../../../../domain/images.ts';
import { ownerApi, type OwnerProduct, type ProductImage } from '../api/owner-api.ts';
import { refreshOwnerData } from '../api/owner-queries.ts';
import { dropZoneClass, PhotoFileButton, tooLarge, useFileDrop } from './photo-upload.tsx';

const inOrder = (images: ProductImage[]) => [...images].sort((a, b) => a.position - b.position);

/**
 * A variant's photos on /admin (issue 21, decision 036): in the shop's order, each with
 * earlier / later / remove; new ones chosen or dropped here are uploaded one at a time,
 * saying which is on its way and, per file, why the server refused one.
 */
export function ProductPhotos({ product }: { product: OwnerProduct }) {
  const { t } = useTranslation();
  const heading = useId();
  // the server's answer after each change, until the refreshed list brings the same
  const [answered, setAnswered] = useState<ProductImage[] | null>(null);
  const images = inOrder(answered ?? product.images);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState('');
  const [failures, setFailures] = useState<string[]>([]);

  const done = async (images: ProductImage[]) => {
    setAnswered(images);
    await refreshOwnerData('products');
  };

  const upload = async (files: File[]) => {
    if (busy || files.length === 0) return;
    setBusy(true);
    setFailures([]);
    const failed: string[] = [];
    let added = 0;
    for (const [i, file] of files.entries()) {
      setProgress(t('owner.photoUploading', { index: i + 1, count: files.length, name: file.name }));
      if (tooLarge(file)) {
        failed.push(t('owner.photoFailed', { name: file.name, message: t('owner.photoTooLarge') }));
        continue;
      }
      const res = await ownerApi.uploadPhoto(product.variantId, file);
      if (res.ok) {
        added++;
        setAnswered(res.data.images);
      } else failed.push(t('owner.photoFailed', { name: file.name, message: res.error?.message ?? t('owner.failed') }));
    }
    setFailures(failed);
    setProgress(t('owner.photoDone', { done: added, count: files.length }));
    await refreshOwnerData('products');
    setBusy(false);
  };

  const change = async (call: () => ReturnType<typeof ownerApi.orderPhotos>) => {
    setBusy(true);
    setProgress('');
    const res = await call();
    setFailures(res.ok ? [] : [res.error?.message ?? t('owner.failed')]);
    if (res.ok) await done(res.data.images);
    setBusy(false);
  };
  const move = (from: number, to: number) => {
    const ids = images.map((i) => i.id);
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    return change(() => ownerApi.orderPhotos(product.variantId, ids));
  };

  const { dragging, zone } = useFileDrop((files) => void upload(files));
  const button = 'rounded border border-slate-300 bg-white px-2 py-1 text-xs font-semibold disabled:opacity-50';

  return (
    <section aria-labelledby={heading} {...zone} className={`flex flex-col gap-2 ${dropZoneClass(dragging)}`}>
      <h3 id={heading} className="text-sm font-semibold">
        {t('owner.photos')}
      </h3>
      {images.length === 0 ? <p className="text-sm text-slate-600">{t('owner.photosNone')}</p> : null}
      <ol className="flex flex-wrap gap-3">
        {images.map((image, i) => (
          <li key={image.id} className="flex w-28 flex-col gap-1">
            <img
              src={isResizable(image.url) ? resizedUrl(image.url, 120) : image.thumbnail}
              alt={t('owner.photoAlt', { index: i + 1, count: images.length })}
              width={112}
              height={112}
              className="h-28 w-28 rounded object-cover"
            />
            <div className="flex flex-wrap gap-1">
              <button
                type="button"
                disabled={busy || i === 0}
                aria-label={t('owner.photoMoveEarlier', { index: i + 1 })}
                onClick={() => void move(i, i - 1)}
                className={button}
              >
                {t('owner.photoEarlier')}
              </button>
              <button
                type="button"
                disabled={busy || i === images.length - 1}
                aria-label={t('owner.photoMoveLater', { index: i + 1 })}
                onClick={() => void move(i, i + 1)}
                className={button}
              >
                {t('owner.photoLater')}
              </button>
              <button
                type="button"
                disabled={busy}
                aria-label={t('owner.photoRemoveLabel', { index: i + 1 })}
                onClick={() => void change(() => ownerApi.removePhoto(product.variantId, image.id))}
                className={button}
              >
                {t('owner.photoRemove')}
              </button>
            </div>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-2">
        <PhotoFileButton label={t('owner.photoAdd')} multiple disabled={busy} onFiles={(files) => void upload(files)} />
        <p className="text-xs text-slate-600">{t('owner.photoDrop')}</p>
      </div>
      <p role="status" className="text-sm">
        {progress}
      </p>
      {failures.length ? (
        <ul role="alert" className="text-sm text-red-700">
          {failures.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
