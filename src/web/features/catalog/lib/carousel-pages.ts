/** Spec §9: a carousel's pagination shows at most 5 pages. */
const MAX_PAGES = 5;

/**
 * The scroll snaps the pagination dots stand for: every snap when there are at most `max`,
 * otherwise `max` snaps spread evenly from the first to the last.
 */
export function pageSnaps(snapCount: number, max = MAX_PAGES): number[] {
  if (snapCount <= 0) return [];
  if (snapCount <= max || max < 2) return Array.from({ length: Math.min(snapCount, Math.max(max, 1)) }, (_, i) => i);
  return Array.from({ length: max }, (_, i) => Math.round((i * (snapCount - 1)) / (max - 1)));
}

/** Which dot is current: the one whose snap is nearest the selected one (the earlier on a tie). */
export function currentPage(pages: number[], selectedSnap: number): number {
  let best = 0;
  pages.forEach((snap, i) => {
    if (Math.abs(snap - selectedSnap) < Math.abs(pages[best]! - selectedSnap)) best = i;
  });
  return best;
}
