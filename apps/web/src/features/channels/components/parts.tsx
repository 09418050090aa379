import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelBadge } from '../channel-state.ts';

const toneClasses: Record<ChannelBadge['tone'], string> = {
  success: 'border-success/40 bg-success/10 text-success',
  info: 'border-highlight/40 bg-highlight/10 text-highlight-text',
  warning: 'border-amber-400/50 bg-amber-400/10 text-amber-400',
  muted: 'border-line bg-card text-muted',
};

export function StateBadge({ badge }: { badge: ChannelBadge }) {
  const { t } = useTranslation('channels');
  return (
    <span data-state={badge.kind} className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-semibold ${toneClasses[badge.tone]}`}>
      <span aria-hidden className="size-1.5 rounded-full bg-current" />
      {t(`state.${badge.kind}`)}
    </span>
  );
}

/** One channel: name, badge, what it is, then its body (ids, errors, actions, forms). */
export function ChannelCard({ id, title, description, badge, children }: { id: string; title: string; description: string; badge: ChannelBadge; children: ReactNode }) {
  const { t } = useTranslation('channels');
  return (
    <article id={id} aria-labelledby={`${id}-title`} data-channel={id} className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line bg-card-strong/40 p-4 sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`${id}-title`} className="font-semibold text-fg">
            {title}
          </h3>
          <p className="mt-0.5 text-pretty text-sm text-muted">{description}</p>
        </div>
        <StateBadge badge={badge} />
      </header>
      {badge.reason && badge.kind !== 'connected' ? (
        <p className="text-pretty rounded-xl border border-danger/30 bg-danger/10 px-3 py-2 text-sm text-fg">
          <span className="font-semibold">{t('lastError')}: </span>
          {badge.reason}
        </p>
      ) : null}
      {children}
    </article>
  );
}

export function IdList({ ids }: { ids: ReadonlyArray<readonly [string, string]> }) {
  if (ids.length === 0) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {ids.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="font-mono text-fg">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The QR drawn with `qrcode`, loaded only when a QR shows. */
export function QrImage({ value, label }: { value: string; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then((qrcode) => {
        if (current && canvas.current) return qrcode.toCanvas(canvas.current, value, { width: 232, margin: 2 });
      })
      .catch((error: unknown) => {
        if (current) setFailed(true);
        console.error('Could not draw the QR', error);
      });
    return () => {
      current = false;
    };
  }, [value]);
  if (failed) return null;
  return <canvas ref={canvas} role="img" aria-label={label} className="size-[232px] rounded-xl bg-white" />;
}
