import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import { cardTemplates } from '@charla/shared/constants';
import { ArrowRightIcon } from '../../../components/ui/icons.tsx';
import { setBotLimitReached } from '../../realtime/index.ts';
import { newBotLink } from '../new-bot-link.ts';
import { cardKeys } from '../template-labels.ts';
import { TemplateIcon } from './template-icons.tsx';

/**
 * The 18 business templates (translation keys card1 … card18). Each card opens the wizard with
 * its template; when the plan has no room left, it opens the limit modal instead.
 */
export function TemplateGrid({ clientId, limit }: { clientId: string | null; limit: { limit: number; reached: boolean } | null }) {
  const { t } = useTranslation('bots');
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {cardTemplates.map((template, index) => {
        const key = cardKeys[index]!;
        return (
          <li key={template}>
            <Link
              to={newBotLink(template, clientId)}
              onClick={(event) => {
                if (limit?.reached) {
                  event.preventDefault();
                  setBotLimitReached({ limit: limit.limit });
                }
              }}
              data-template={template}
              className={`focus-ring group flex h-full items-start gap-4 rounded-2xl border border-line bg-card p-4 backdrop-blur-xl transition sm:p-5 ${
                limit?.reached ? 'cursor-not-allowed border-dashed' : 'hover:-translate-y-0.5 hover:border-highlight/60 hover:bg-[color-mix(in_srgb,var(--font-color)_9%,transparent)]'
              }`}
            >
              <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-highlight/15 text-highlight-text transition group-hover:bg-highlight group-hover:text-on-highlight">
                <TemplateIcon template={template} className="size-5.5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-2 font-semibold text-fg">
                  {t(`${key}.title`)}
                  <ArrowRightIcon className="ms-auto size-4 shrink-0 text-muted opacity-0 transition group-hover:translate-x-0.5 group-hover:opacity-100" />
                </span>
                <span className="mt-1 block text-sm leading-snug text-muted">{t(`${key}.description`)}</span>
                {limit?.reached ? <span className="mt-2 inline-block rounded-full border border-line px-2 py-0.5 text-xs font-semibold text-muted">{t('templates.limitBadge')}</span> : null}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
