/**
 * What a screen says when a call got no answer at all (status 0): its offline text only
 * when the browser knows it has no network; online, the server could not be reached, and
 * "You are offline" would send the shopper to check a connection that works.
 */
export const noAnswerText = (texts: { offline: string; unreachable: string }, online = navigator.onLine): string =>
  online ? texts.unreachable : texts.offline;
