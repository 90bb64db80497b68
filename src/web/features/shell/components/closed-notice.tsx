import { useOpenedAt } from '../../../lib/use-opened-at.ts';

/**
 * The notice atop every page while the shop takes no orders: closed by the owner's switch,
 * or outside its ordering hours, when it says when ordering opens (decision 050). The
 * owner's `closedMessage` follows either. The root loader writes the text (closedNoticeText),
 * so the page's first load carries no code for it; `opensAt`, when given, is the opening
 * of the ordering hours, when the notice goes.
 */
export function ClosedNotice({ text, opensAt }: { text: string; opensAt: number | null }) {
  if (useOpenedAt(opensAt)) return null;
  return (
    <p role="status" className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950">
      {text}
    </p>
  );
}
