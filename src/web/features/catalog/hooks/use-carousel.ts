import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';

type Api = NonNullable<UseEmblaCarouselType[1]>;
type EmblaEvent = Parameters<Api['on']>[0];

const POSITION_EVENTS: EmblaEvent[] = ['select', 'reInit'];
const PLAY_EVENTS: EmblaEvent[] = ['autoplay:play', 'autoplay:stop', 'reInit'];
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

const prefersReducedMotion = () => window.matchMedia(REDUCED_MOTION).matches;

/** A value read from the carousel, kept current by its events; `fallback` on the server and before it starts. */
function useEmblaValue<T>(api: Api | undefined, events: EmblaEvent[], read: (api: Api) => T, fallback: T): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!api) return () => {};
      for (const e of events) api.on(e, onChange);
      return () => {
        for (const e of events) api.off(e, onChange);
      };
    },
    [api, events],
  );
  return useSyncExternalStore(
    subscribe,
    () => (api ? read(api) : fallback),
    () => fallback,
  );
}

export type CarouselState = ReturnType<typeof useCarousel>;

/**
 * An Embla carousel that scrolls a page of slides at a time. With `autoplayMs` it moves on
 * by itself and rewinds at the end (spec §9) — unless the shopper prefers reduced motion —
 * and stops for good once the shopper drags it, focuses a slide or uses its controls.
 */
export function useCarousel({ autoplayMs }: { autoplayMs?: number | undefined }) {
  // Embla 8 has no rewind option: the autoplay plugin goes back to the start by itself, and the buttons below do
  const rewind = Boolean(autoplayMs);
  const [plugins] = useState(() => (autoplayMs ? [Autoplay({ delay: autoplayMs, playOnInit: false, stopOnInteraction: true, stopOnFocusIn: true })] : []));
  const [viewportRef, api] = useEmblaCarousel({ loop: false, align: 'start', slidesToScroll: 'auto', containScroll: 'trimSnaps' }, plugins);
  const stoppedByShopper = useRef(false);

  useEffect(() => {
    if (!api) return;
    // the shopper may have swiped the plain scrolling list before the script ran: carry on from there
    const viewport = api.rootNode();
    if (viewport.scrollLeft > 0) {
      const progress = viewport.scrollLeft / Math.max(1, viewport.scrollWidth - viewport.clientWidth);
      viewport.scrollLeft = 0;
      api.scrollTo(Math.round(progress * (api.scrollSnapList().length - 1)), true);
    }
    const autoplay = api.plugins().autoplay;
    if (!autoplay) return;
    const motion = window.matchMedia(REDUCED_MOTION);
    // a resize re-creates the plugin (stopped): start it again unless the shopper stopped it
    const start = () => {
      if (!stoppedByShopper.current && !motion.matches && api.scrollSnapList().length > 1) autoplay.play();
    };
    const stopForGood = () => {
      stoppedByShopper.current = true;
    };
    const motionChanged = () => (motion.matches ? autoplay.stop() : start());
    start();
    api.on('reInit', start).on('pointerDown', stopForGood).on('slideFocusStart', stopForGood);
    motion.addEventListener('change', motionChanged);
    return () => {
      api.off('reInit', start).off('pointerDown', stopForGood).off('slideFocusStart', stopForGood);
      motion.removeEventListener('change', motionChanged);
    };
  }, [api]);

  const selected = useEmblaValue(api, POSITION_EVENTS, (a) => a.selectedScrollSnap(), 0);
  const snapCount = useEmblaValue(api, POSITION_EVENTS, (a) => a.scrollSnapList().length, 0);
  const canPrev = useEmblaValue(api, POSITION_EVENTS, (a) => a.canScrollPrev(), false);
  const canNext = useEmblaValue(api, POSITION_EVENTS, (a) => a.canScrollNext(), false);
  const playing = useEmblaValue(api, PLAY_EVENTS, (a) => a.plugins().autoplay?.isPlaying() ?? false, false);

  /** A control was used: autoplay stops for good, and the move is instant under reduced motion. */
  const byShopper = (move: (a: Api, jump: boolean) => void) => () => {
    if (!api) return;
    stoppedByShopper.current = true;
    api.plugins().autoplay?.stop();
    move(api, prefersReducedMotion());
  };

  return {
    viewportRef,
    /** Embla runs: before that (and without JS) the slides are a plain scrolling list. */
    ready: api !== undefined,
    selected,
    snapCount,
    canPrev: canPrev || (rewind && snapCount > 1),
    canNext: canNext || (rewind && snapCount > 1),
    /** Autoplay is on offer: the carousel has one and more than one page. */
    autoplay: Boolean(autoplayMs) && snapCount > 1,
    playing,
    scrollPrev: byShopper((a, jump) => (a.canScrollPrev() ? a.scrollPrev(jump) : a.scrollTo(a.scrollSnapList().length - 1, jump))),
    scrollNext: byShopper((a, jump) => (a.canScrollNext() ? a.scrollNext(jump) : a.scrollTo(0, jump))),
    goTo: (snap: number) => byShopper((a, jump) => a.scrollTo(snap, jump))(),
    togglePlay: () => {
      const autoplay = api?.plugins().autoplay;
      if (!autoplay) return;
      if (autoplay.isPlaying()) {
        stoppedByShopper.current = true;
        autoplay.stop();
      } else {
        stoppedByShopper.current = false;
        autoplay.play();
      }
    },
  };
}
