import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Link } from 'react-router';
import type { Banner } from '../../../../domain/catalog.ts';
import { contrastWithWhite } from '../../../../domain/theme.ts';
import { paths } from '../../../lib/paths.ts';
import { Picture } from '../../../ui/picture.tsx';

export type BannerLook = 'hero' | 'slide';

/** The page is at most 1280 px wide with 1 rem padding on each side (PageShell). */
const HERO_SIZES = '(min-width: 1280px) 1248px, calc(100vw - 2rem)';

/** Dark text on the banner's colour unless it is a dark hex colour, where white reads better. */
const textOn = (background: string) => (/^#[0-9a-f]{6}$/i.test(background) && contrastWithWhite(background) >= 4.5 ? 'text-white' : 'text-slate-900');

/**
 * A banner (§2 Banners): categories and tags links go to the catalog, url links open in
 * a new window. Its picture switches from the mobile to the desktop image at 1024 px.
 * A hero fills the width with its text over the picture; a slide is a card with its text
 * under a 4:3 picture (the right-hand part of the wide desktop image, where its art is).
 */
export function BannerCard({ banner, look = 'hero', priority = false }: { banner: Banner; look?: BannerLook; priority?: boolean }) {
  const { t } = useTranslation();
  const { link } = banner;
  // the mobile image below 1024 px, the wide desktop one above
  const image = { src: banner.image.desktop, mobileSrc: banner.image.mobile, alt: banner.title, wide: true, priority };
  const picture =
    look === 'hero' ? (
      // a hero spans the page (at most 1248 CSS px): the browser picks the copy for the screen's width and density
      <Picture {...image} width={1600} height={500} sizes={HERO_SIZES} className="aspect-[4/3] w-full object-cover lg:aspect-[16/5]" />
    ) : (
      // a 4:3 crop of a 16:5 image uses 5/12 of its width: an ~300 px card needs the 800 px copy.
      // The box holds the ratio: in the card's flex column the image alone would take its own 600 px height
      <span className="relative block aspect-[4/3] shrink-0 overflow-hidden">
        <Picture {...image} width={800} height={600} className="absolute inset-0 size-full object-cover lg:object-right" />
      </span>
    );
  const newWindow = link.type === 'url' ? <span className="sr-only"> {t('banner.newWindow')}</span> : null;
  const body: ReactNode =
    look === 'hero' ? (
      <>
        {picture}
        <span className="absolute inset-x-0 bottom-0 flex flex-col gap-1 bg-gradient-to-t from-black/75 to-transparent p-4 text-white lg:p-8">
          <span className="text-xl font-bold lg:text-3xl">{banner.title}</span>
          {banner.subtitle ? <span className="text-sm lg:text-base">{banner.subtitle}</span> : null}
          {banner.buttonText ? (
            <span className="mt-2 w-fit rounded-md bg-white px-4 py-1.5 text-sm font-semibold text-slate-900">{banner.buttonText}</span>
          ) : null}
          {newWindow}
        </span>
      </>
    ) : (
      <>
        {picture}
        <span className={`flex flex-1 flex-col gap-1 p-3 lg:p-4 ${textOn(banner.background)}`}>
          <span className="font-semibold lg:text-lg">{banner.title}</span>
          {banner.subtitle ? <span className="line-clamp-2 text-sm opacity-85">{banner.subtitle}</span> : null}
          {banner.buttonText ? <span className="mt-auto pt-1 text-sm font-semibold underline underline-offset-4">{banner.buttonText}</span> : null}
          {newWindow}
        </span>
      </>
    );
  const cls = look === 'hero' ? 'relative block overflow-hidden rounded-xl' : 'relative flex h-full flex-col overflow-hidden rounded-xl';
  if (link.type === 'url') {
    return (
      <a href={link.urlValue} target="_blank" rel="noopener noreferrer" className={cls} style={{ backgroundColor: banner.background }}>
        {body}
      </a>
    );
  }
  const to = link.type === 'categories' ? paths.catalog({ categories: link.value }) : paths.catalog({ tags: link.value });
  return (
    <Link to={to} className={cls} style={{ backgroundColor: banner.background }}>
      {body}
    </Link>
  );
}
