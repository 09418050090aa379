import { useRef, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useNearViewport } from '../../../lib/use-near-viewport.ts';
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

/**
 * One channel: name, badge and what it is, then its body (ids, errors, actions, forms). The body
 * renders once the card comes near the screen, so a card below the fold costs only its header.
 */
export function ChannelCard({ id, title, description, badge, children }: { id: string; title: string; description: string; badge: ChannelBadge; children: ReactNode }) {
  const { t } = useTranslation('channels');
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref);
  return (
    <article ref={ref} id={id} aria-labelledby={`${id}-title`} data-channel={id} className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line bg-card-strong/40 p-4 sm:p-5">
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
      {near ? children : <div aria-hidden className="min-h-20" />}
    </article>
  );
}
