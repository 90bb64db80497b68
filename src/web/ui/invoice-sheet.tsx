import { useRef } from 'react';
import { useTranslation } from '../lib/i18n/i18n.ts';
import { Button } from './button.tsx';

/**
 * A tax invoice as the server draws it (one HTML page, the same the command line saves),
 * shown in a frame of its own so its A4 page rules and styles stay its own, with a
 * button that prints just the invoice.
 */
export function InvoiceSheet({ number, html }: { number: string; html: string }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  return (
    <div className="flex flex-col gap-3">
      <Button size="lg" className="w-max print:hidden" onClick={() => frame.current?.contentWindow?.print()}>
        {t('invoice.print')}
      </Button>
      <iframe
        ref={frame}
        title={t('invoice.title', { number })}
        srcDoc={html}
        // the page is as tall as the invoice: no scroll bar inside a scroll bar
        onLoad={(e) => {
          const doc = e.currentTarget.contentDocument;
          if (doc) e.currentTarget.style.height = `${doc.documentElement.scrollHeight + 16}px`;
        }}
        className="min-h-[60vh] w-full max-w-[210mm] rounded border border-slate-200 bg-white"
      />
    </div>
  );
}
