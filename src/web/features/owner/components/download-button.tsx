import { useState } from 'react';
import type { ApiResult } from '../../../lib/api.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { AlertText } from '../../../ui/alert-text.tsx';
import { Button } from '../../../ui/button.tsx';

/**
 * A file the owner's call makes (the customers' CSV, the tables' QR sheet), saved as `fileName`:
 * the browser must send the access token, so the file is fetched and handed over as a download.
 */
export function DownloadButton({ label, fileName, fetchFile }: { label: string; fileName: string; fetchFile: () => Promise<ApiResult<Blob>> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setBusy(true);
    const res = await fetchFile();
    setBusy(false);
    setFailed(!res.ok);
    if (!res.ok) return;
    const url = URL.createObjectURL(res.data);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.click();
    // freed a while later, not at once: some browsers read the file after click() returns
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  return (
    <div className="flex flex-col items-end gap-1">
      <Button variant="secondary" size="sm" disabled={busy} onClick={() => void download()}>
        {label}
      </Button>
      <AlertText message={failed ? t('owner.failed') : null} small />
    </div>
  );
}
