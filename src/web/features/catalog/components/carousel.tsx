import { Children, isValidElement, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { BackIcon } from '../../../ui/icons.tsx';
import { useCarousel, type CarouselState } from '../hooks/use-carousel.ts';
import { currentPage, pageSnaps } from '../lib/carousel-pages.ts';

/** §9 "carousel 4 per view, 2 at 1023 px": a slide is half the row below 1024 px, a quarter from there. */
export const PER_VIEW = 'basis-1/2 lg:basis-1/4';

/** What the controls need: everything but the viewport's ref. */
type Controls = Omit<CarouselState, 'viewportRef'>;

export type CarouselProps = {
  /** The slides; each is put in a list item sized by `slideClassName`. */
  children: ReactNode;
  /** Width of a slide as a share of the view, per breakpoint (e.g. `basis-1/2 lg:basis-1/4`). */
  slideClassName: string;
  /** Moves on by itself every so many milliseconds, rewinding at the end. */
  autoplayMs?: number | undefined;
  /** Pagination dots (at most 5, spec §9) under the slides; their row is reserved so nothing shifts. */
  dots?: boolean;
  /** Classes for the dots' row, e.g. to drop it at a breakpoint where every slide is in view. */
  dotsClassName?: string;
  /** Where the previous/next buttons sit, from the top of the slides. */
  buttonsAt?: string;
  /** Show previous/next only from 1024 px, where they cover no slide text (phones swipe or use the dots). */
  buttonsOnDesktopOnly?: boolean;
  className?: string;
};

/**
 * A row of slides that scrolls a page at a time. The server sends the slides as a plain
 * list whose first page shows at full size; once Embla runs it takes the list over in
 * place (same sizes, so no layout shift) and the controls appear.
 */
export function Carousel({
  children,
  slideClassName,
  autoplayMs,
  dots = false,
  dotsClassName = '',
  buttonsAt = 'top-1/2',
  buttonsOnDesktopOnly = false,
  className,
}: CarouselProps) {
  const { viewportRef, ...c } = useCarousel({ autoplayMs });
  const slides = Children.toArray(children);
  const viewport = c.ready ? 'overflow-hidden' : 'snap-x snap-mandatory overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden';
  return (
    <div className={className}>
      <div className="relative">
        <div ref={viewportRef} className={viewport}>
          <ul className={`-ml-3 flex ${c.ready ? 'touch-pan-y touch-pinch-zoom' : ''}`}>
            {slides.map((slide, i) => (
              <li
                key={isValidElement(slide) && slide.key !== null ? slide.key : i}
                className={`min-w-0 shrink-0 grow-0 pl-3 ${c.ready ? '' : 'snap-start'} ${slideClassName}`}
              >
                {slide}
              </li>
            ))}
          </ul>
        </div>
        {c.ready && c.snapCount > 1 ? <StepButtons c={c} place={`${buttonsAt} ${buttonsOnDesktopOnly ? 'max-lg:hidden' : ''}`} /> : null}
      </div>
      {dots ? <Dots c={c} className={dotsClassName} /> : null}
    </div>
  );
}

/** Previous and next, over the slides' edges; only where there is somewhere to go. */
function StepButtons({ c, place }: { c: Controls; place: string }) {
  const { t } = useTranslation();
  const button = `absolute ${place} flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-md ring-1 ring-slate-900/10 hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-strong`;
  return (
    <>
      {c.canPrev ? (
        <button type="button" onClick={c.scrollPrev} aria-label={t('banner.previous')} className={`${button} left-2`}>
          <BackIcon />
        </button>
      ) : null}
      {c.canNext ? (
        <button type="button" onClick={c.scrollNext} aria-label={t('banner.next')} className={`${button} right-2`}>
          <span className="rotate-180">
            <BackIcon />
          </span>
        </button>
      ) : null}
    </>
  );
}

/** The pagination dots, and a pause/play button when the carousel moves by itself. */
function Dots({ c, className }: { c: Controls; className: string }) {
  const { t } = useTranslation();
  const pages = c.ready ? pageSnaps(c.snapCount) : [];
  const current = currentPage(pages, c.selected);
  return (
    <div className={`mt-2 flex h-6 items-center justify-center gap-1 ${className}`}>
      {pages.length > 1
        ? pages.map((snap, i) => (
            <button
              key={snap}
              type="button"
              onClick={() => c.goTo(snap)}
              aria-label={t('banner.goTo', { index: snap + 1, count: c.snapCount })}
              aria-current={i === current ? 'true' : undefined}
              className="group flex size-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-primary-strong"
            >
              <span
                className={`block size-2.5 rounded-full transition-colors ${i === current ? 'bg-primary-strong' : 'bg-slate-300 group-hover:bg-slate-500'}`}
              />
            </button>
          ))
        : null}
      {c.autoplay ? (
        <button
          type="button"
          onClick={c.togglePlay}
          aria-label={c.playing ? t('banner.pause') : t('banner.play')}
          className="ml-2 flex size-6 items-center justify-center rounded-full text-slate-700 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-primary-strong"
        >
          {c.playing ? <PauseGlyph /> : <PlayGlyph />}
        </button>
      ) : null}
    </div>
  );
}

const PauseGlyph = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="currentColor">
    <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
  </svg>
);

const PlayGlyph = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="currentColor">
    <path d="M8 5v14l11-7z" />
  </svg>
);
