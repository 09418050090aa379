import { useTranslation } from '../../../lib/use-translation.ts';
import type { CampaignMessage } from '@charla/shared';

/** What the campaign says, as it was saved: the template and its values, or the text with its file and opt-out line. */
export function CampaignMessageSummary({ message }: { message: CampaignMessage }) {
  const { t } = useTranslation('campaigns');
  return (
    <details className="mt-4 rounded-2xl border border-line bg-card p-4 text-sm">
      <summary className="cursor-pointer font-semibold text-fg">{t('view.message')}</summary>
      {message.kind === 'template' ? (
        <dl className="mt-3 grid gap-x-4 gap-y-1 sm:grid-cols-[10rem_minmax(0,1fr)]">
          <dt className="text-muted">{t('message.templates.label')}</dt>
          <dd className="font-mono break-words text-fg">
            {message.name} ({message.language})
          </dd>
          {message.bodyVariables.map((value, i) => (
            <div key={i} className="contents">
              <dt className="text-muted">{t('message.templates.variable', { n: i + 1 })}</dt>
              <dd className="break-words text-fg">{value}</dd>
            </div>
          ))}
          {message.headerMedia ? (
            <>
              <dt className="text-muted">{t('message.templates.headerMedia')}</dt>
              <dd className="break-all text-fg">{message.headerMedia.url}</dd>
            </>
          ) : null}
        </dl>
      ) : (
        <div className="mt-3 space-y-2">
          {message.text ? <p className="whitespace-pre-line break-words text-fg">{message.text}</p> : null}
          {message.media ? (
            <p className="break-all text-muted">
              {t(`message.media.kinds.${message.media.type}`)}: {message.media.url}
            </p>
          ) : null}
          {message.optOutLine ? <p className="text-xs text-muted">{t('view.withOptOut')}</p> : null}
        </div>
      )}
    </details>
  );
}
