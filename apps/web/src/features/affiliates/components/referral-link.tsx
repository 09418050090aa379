import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ChatIcon, CheckCircleIcon } from '../../../components/ui/icons.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { useReferralLink } from '../api/use-affiliates.ts';

/** The link as a QR code (an image made in the browser; nothing leaves it). */
function useQrCode(text: string | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!text) return;
    let live = true;
    void import('qrcode').then((qr) => qr.toDataURL(text, { margin: 1, width: 240, errorCorrectionLevel: 'M' })).then((data) => live && setUrl(data));
    return () => {
      live = false;
    };
  }, [text]);
  return url;
}

/** The referral link: copy it, send it by WhatsApp, or show its QR code. */
export function ReferralLink({ userId }: { userId: string }) {
  const { t } = useTranslation('referrals');
  const link = useReferralLink(userId, true);
  const qr = useQrCode(link.data?.link);
  const [copied, setCopied] = useState(false);

  async function copy() {
    if (!link.data) return;
    try {
      await navigator.clipboard.writeText(link.data.link);
      setCopied(true);
      showToast(t('link.copied'));
      setTimeout(() => setCopied(false), 2500);
    } catch {
      showToast(t('link.copyFailed'), 'error');
    }
  }

  const whatsapp = link.data ? `https://wa.me/?text=${encodeURIComponent(t('link.whatsappText', { link: link.data.link }))}` : undefined;
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold">{t('link.title')}</h2>
          <p className="mt-1 text-sm text-muted">{t('link.description')}</p>
          <div className="mt-4 flex min-w-0 items-center gap-2 rounded-xl border border-line bg-field px-3 py-2.5">
            <output className="min-w-0 flex-1 truncate font-mono text-sm" aria-label={t('link.title')} data-testid="referral-link">
              {link.data?.link ?? '…'}
            </output>
          </div>
          {link.data ? <p className="mt-2 text-xs text-muted">{t('link.code', { code: link.data.code })}</p> : null}
          <div className="mt-4 flex flex-wrap gap-2">
            <Button onClick={() => void copy()} disabled={!link.data} icon={copied ? <CheckCircleIcon className="size-4" /> : undefined}>
              {copied ? t('link.copied') : t('link.copy')}
            </Button>
            <a
              href={whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses('secondary', 'md')}
            >
              <ChatIcon className="size-4 text-[#25D366]" />
              {t('link.whatsapp')}
            </a>
          </div>
        </div>
        <figure className="mx-auto flex shrink-0 flex-col items-center gap-2 sm:mx-0">
          <div className="grid size-40 place-items-center rounded-2xl bg-white p-2">
            {qr ? <img src={qr} alt={t('link.qr')} width={144} height={144} className="size-36" /> : <div className="size-36 animate-pulse rounded-lg bg-black/10" aria-hidden="true" />}
          </div>
          {qr ? (
            <a href={qr} download="charla-referido.png" className="focus-ring rounded text-xs font-semibold text-muted underline underline-offset-4 hover:text-fg">
              {t('link.downloadQr')}
            </a>
          ) : null}
        </figure>
      </div>
    </Card>
  );
}
