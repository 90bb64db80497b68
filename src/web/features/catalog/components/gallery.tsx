import * as Dialog from '@radix-ui/react-dialog';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { Product } from '../../../../domain/catalog.ts';
import { Picture } from '../../../ui/picture.tsx';
import { galleryImages, type GalleryImage } from '../lib/images.ts';

/** Spec §9: gallery images 420 px, thumbs 120 px. */
const MAIN_PX = 420;
const THUMB_PX = 120;

/**
 * The product's pictures (§2 Product display: a gallery): the main picture, thumbs that
 * switch it, and a zoom that opens the picture large in a dialog (Escape closes it).
 */
export function Gallery({ product }: { product: Pick<Product, 'title' | 'images'> }) {
  const { t } = useTranslation();
  const images = useMemo(() => galleryImages(product), [product]);
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const shown = images[index] ?? images[0];
  if (!shown) return <div className="aspect-square w-full max-w-[420px] rounded-xl bg-slate-100" />;
  return (
    <section aria-label={t('gallery.label', { title: product.title })} className="flex flex-col gap-3 lg:flex-row-reverse lg:items-start lg:justify-end">
      <Dialog.Root open={zoomed} onOpenChange={setZoomed}>
        <div className="relative w-full max-w-[420px] overflow-hidden rounded-xl bg-slate-100">
          <Picture src={shown.source} alt={shown.alt} width={MAIN_PX} height={MAIN_PX} priority={index === 0} className="aspect-square w-full object-cover" />
          <Dialog.Trigger asChild>
            <button
              type="button"
              aria-label={t('gallery.zoom')}
              className="absolute inset-0 flex cursor-zoom-in items-end justify-end p-3 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-primary-strong"
            >
              <span className="rounded-full bg-white/90 p-2 text-slate-900 shadow-md ring-1 ring-slate-900/10">
                <ZoomGlyph />
              </span>
            </button>
          </Dialog.Trigger>
        </div>
        <Zoom image={shown} title={product.title} onClose={() => setZoomed(false)} />
      </Dialog.Root>
      {images.length > 1 ? (
        <ul className="flex gap-2 overflow-x-auto p-0.5 lg:flex-col lg:overflow-visible">
          {images.map((img, i) => (
            <li key={img.id} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-pressed={i === index}
                aria-label={t('gallery.show', { index: i + 1, count: images.length })}
                className={`block size-16 overflow-hidden rounded-md border-2 bg-slate-100 lg:size-20 ${i === index ? 'border-primary-strong' : 'border-transparent hover:border-slate-400'}`}
              >
                <Picture src={img.thumbSource} alt="" width={THUMB_PX} height={THUMB_PX} className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The picture as large as the screen allows, up to 800 CSS px: the 800 px copy, 1600 px on 2× screens. */
function Zoom({ image, title, onClose }: { image: GalleryImage; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const srcSet = image.zoom.url !== image.big.url ? `${image.big.url} 1x, ${image.zoom.url} 2x` : undefined;
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/85" />
      {/* no description: the picture is the whole content */}
      <Dialog.Content
        aria-describedby={undefined}
        // the space around the picture is the overlay to the shopper: a click there closes too
        onClick={(e) => {
          if (e.target === e.currentTarget) onClose();
        }}
        className="fixed inset-0 z-50 flex cursor-zoom-out items-center justify-center p-4 outline-none"
      >
        <Dialog.Title className="sr-only">{title}</Dialog.Title>
        <img
          src={image.big.url}
          srcSet={srcSet}
          alt={image.alt}
          width={800}
          height={800}
          className="aspect-square h-auto cursor-default w-[min(800px,calc(100vw-2rem),calc(100dvh-6rem))] rounded-lg bg-white object-contain"
        />
        <Dialog.Close asChild>
          <button
            type="button"
            aria-label={t('gallery.close')}
            className="absolute top-3 right-3 flex size-11 items-center justify-center rounded-full bg-white text-slate-900 shadow-md focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <CloseGlyph />
          </button>
        </Dialog.Close>
      </Dialog.Content>
    </Dialog.Portal>
  );
}

const ZoomGlyph = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" className="size-5">
    <path d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Zm5-2 5 5M11 8v6M8 11h6" />
  </svg>
);

const CloseGlyph = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" className="size-5">
    <path d="M6 6l12 12M18 6 6 18" />
  </svg>
);
