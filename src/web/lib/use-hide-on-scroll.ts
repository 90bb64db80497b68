import { useEffect, useState } from 'react';

const SCROLL_CHECK_MS = 250;
const DESKTOP_MIN_WIDTH = 1024;

/** Header thresholds of §2: 54 px on desktop (≥ 1024 px wide), 92 px below. */
const hideThreshold = (width: number) => (width >= DESKTOP_MIN_WIDTH ? 54 : 92);

/**
 * True while the header should be hidden: the page scrolled down past the threshold
 * since the last check (every 250 ms); scrolling up shows it again. Checking on a timer
 * instead of on every scroll event keeps scrolling smooth.
 */
export function useHideOnScroll(): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    let scrolled = false;
    const onScroll = () => {
      scrolled = true;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    const timer = window.setInterval(() => {
      if (!scrolled) return;
      scrolled = false;
      const y = window.scrollY;
      const threshold = hideThreshold(window.innerWidth);
      if (y > last && y > threshold) setHidden(true);
      else if (y < last) setHidden(false);
      last = y;
    }, SCROLL_CHECK_MS);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.clearInterval(timer);
    };
  }, []);
  return hidden;
}
