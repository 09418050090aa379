import { useId } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import { ChevronDownIcon } from '../../../components/ui/icons.tsx';
import { defaultBotSection, paths, type BotSection } from '../../../lib/navigation.ts';
import { botLabel, type Bot } from '../bot.ts';
import { newBotLink } from '../new-bot-link.ts';
import { storeSelectedBotId } from '../selected-bot.ts';

/**
 * Chooses the bot the dashboard works on. Choosing stores the selection and replaces the
 * URL, keeping its query parameters (spec section 2). "Crear asistente" opens the templates.
 */
export function BotSelector({
  bots,
  selected,
  section,
  isTenant,
  isAgent = false,
  loading,
  onNavigate,
}: {
  bots: readonly Bot[];
  selected: Bot | null;
  section: BotSection | null;
  isTenant: boolean;
  /** A team agent makes no bots and opens the CRM first. */
  isAgent?: boolean;
  loading: boolean;
  /** Closes the mobile drawer after a choice. */
  onNavigate?: (() => void) | undefined;
}) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const empty = bots.length === 0;

  return (
    <div className="space-y-1.5" data-tour="bot-selector">
      <div className="flex items-center justify-between gap-2 px-1">
        <label htmlFor={id} className="block text-xs font-semibold tracking-wider text-muted uppercase">
          {t('bots.label')}
        </label>
        {empty || isAgent ? null : (
          <Link
            to={newBotLink()}
            onClick={onNavigate}
            className="focus-ring -me-1 inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-semibold text-highlight-text hover:bg-highlight/15"
          >
            <span aria-hidden="true" className="text-sm leading-none">
              +
            </span>
            {t('bots.create')}
          </Link>
        )}
      </div>
      <div className="relative">
        <select
          id={id}
          disabled={empty || loading}
          value={selected?.id ?? ''}
          aria-describedby={empty ? `${id}-hint` : undefined}
          onChange={(event) => {
            const botId = event.target.value;
            storeSelectedBotId(botId);
            navigate({ pathname: paths.bot(botId, section ?? defaultBotSection(isTenant, isAgent)), search: location.search }, { replace: true });
            onNavigate?.();
          }}
          className="focus-ring h-11 w-full appearance-none truncate rounded-xl border border-line bg-field ps-3.5 pe-10 text-sm font-medium text-fg disabled:cursor-not-allowed disabled:text-muted"
        >
          {empty ? (
            <option value="">{loading ? t('bots.loading') : t('bots.none')}</option>
          ) : (
            <>
              {selected ? null : (
                <option value="" disabled>
                  {t('bots.choose')}
                </option>
              )}
              {bots.map((bot) => (
                <option key={bot.id} value={bot.id}>
                  {botLabel(bot, t('bots.unnamed'))}
                  {bot.bot_enabled ? '' : ` · ${t('bots.off')}`}
                </option>
              ))}
            </>
          )}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute inset-y-0 end-3 my-auto size-4 text-muted" />
      </div>
      {empty && !loading ? (
        <p id={`${id}-hint`} className="px-1 text-xs text-muted">
          {t('bots.emptyHint')}
        </p>
      ) : null}
    </div>
  );
}
