import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { Banner } from '../../../../domain/catalog.ts';
import { BannerCard } from './banner.tsx';
import { Carousel, PER_VIEW } from './carousel.tsx';

/** Spec §9: hero and banner autoplay every 10000 ms, with rewind. */
const BANNER_AUTOPLAY_MS = 10_000;

/**
 * The hero banners, one at a time across the full width. Only the first is fetched at
 * once and first: it is what the shopper sees before anything moves.
 */
export function HeroCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation();
  if (banners.length === 0) return null;
  return (
    <section aria-label={t('banner.hero')}>
      <Carousel slideClassName="basis-full" autoplayMs={BANNER_AUTOPLAY_MS} dots={banners.length > 1} buttonsOnDesktopOnly>
        {banners.map((b, i) => (
          <BannerCard key={b.id} banner={b} look="hero" priority={i === 0} />
        ))}
      </Carousel>
    </section>
  );
}

/**
 * The sliding banners: 4 in view from 1024 px, 2 below (spec §9: carousel 4 per view,
 * 2 at 1023 px). The CSS breakpoint sizes them, so the server's HTML is already right.
 */
export function BannerSlider({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation();
  if (banners.length === 0) return null;
  return (
    <section aria-label={t('banner.offers')}>
      <Carousel
        slideClassName={PER_VIEW}
        autoplayMs={BANNER_AUTOPLAY_MS}
        // a row for the dots only where some banners are out of view: more than 2 on phones, 4 on desktops
        dots={banners.length > 2}
        dotsClassName={banners.length > 4 ? '' : 'lg:hidden'}
        buttonsOnDesktopOnly
      >
        {banners.map((b) => (
          <BannerCard key={b.id} banner={b} look="slide" />
        ))}
      </Carousel>
    </section>
  );
}
