import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/use-translation.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ContentSpinner } from '../../components/ui/full-screen-spinner.tsx';
import { BotIcon, LockIcon, SparklesIcon } from '../../components/ui/icons.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { defaultBotSection, isSectionAllowed, paths } from '../../lib/navigation.ts';
import { useTenant } from '../../lib/tenant-context.ts';
import { useCurrentUser } from '../../features/auth/index.ts';
import { focusPageHeading } from '../../lib/focus-heading.ts';
import { useStaggered } from '../../lib/use-staggered.ts';
import {
  TemplateIcon,
  botLabel,
  cardKeyOf,
  loadOnboardingTour,
  markTourCompleted,
  shouldStartTour,
  useBotPower,
  useBots,
  type Bot,
  type TourText,
} from '../../features/bots/index.ts';
import {
  AssistantCard,
  BusinessCard,
  DeleteBotCard,
  RedirectionCard,
  RemindersCard,
  ScheduleCard,
  WelcomeCard,
} from '../../features/bots/personalization/index.ts';
import { ChannelsPanel } from '../../features/channels/index.ts';
import { PlaygroundLauncher } from '../../features/playground/index.ts';

const groups = [
  ['negocio', 'business'],
  ['asistente', 'assistant'],
  ['bienvenida', 'welcome'],
  ['horario', 'schedule'],
  ['recordatorios', 'reminders'],
  ['derivacion', 'redirection'],
  ['canales', 'channels'],
] as const;

/** /app/dashboard/{botId}/personalizacion: every setting of the bot, grouped in cards; `guide=true` starts the tour. */
export function PersonalizationPage() {
  const { t } = useTranslation(['bots', 'dashboard']);
  const { botId = '' } = useParams();
  const { search } = useLocation();
  const [params, setParams] = useSearchParams();
  const { isTenant } = useTenant();
  const isAgent = useCurrentUser().seat?.role === 'agent';
  const bots = useBots();
  const bot = bots.data?.find((candidate) => candidate.id === botId) ?? null;
  const readyBotId = bot?.id ?? null;
  const guide = params.get('guide');


  const stopTour = useRef<(() => void) | null>(null);
  /** The page is going away: a tour it stops must not bring the address back to it. */
  const leaving = useRef(false);
  const runTour = useCallback(
    (id: string) => {
      if (stopTour.current) return;
      stopTour.current = () => undefined;
      const text: TourText = {
        next: t('bots:tour.next'),
        previous: t('bots:tour.previous'),
        done: t('bots:tour.done'),
        close: t('bots:tour.close'),
        progress: t('bots:tour.progress', { current: '{{current}}', total: '{{total}}' }),
        steps: [
          { selector: '[data-tour="bot-header"]', side: 'bottom', title: t('bots:tour.steps.header.title'), description: t('bots:tour.steps.header.description') },
          { selector: '[data-tour="bot-selector"]', side: 'right', title: t('bots:tour.steps.selector.title'), description: t('bots:tour.steps.selector.description') },
          { selector: '#asistente header', side: 'bottom', title: t('bots:tour.steps.assistant.title'), description: t('bots:tour.steps.assistant.description') },
          { selector: '#bienvenida header', side: 'bottom', title: t('bots:tour.steps.welcome.title'), description: t('bots:tour.steps.welcome.description') },
          { selector: '#horario header', side: 'bottom', title: t('bots:tour.steps.schedule.title'), description: t('bots:tour.steps.schedule.description') },
          { selector: '[data-tour="section-recursos"]', side: 'right', title: t('bots:tour.steps.training.title'), description: t('bots:tour.steps.training.description') },
          { selector: '#canales header', side: 'bottom', title: t('bots:tour.steps.whatsapp.title'), description: t('bots:tour.steps.whatsapp.description') },
        ],
      };
      void loadOnboardingTour()
        .then(({ startTour }) => {
          if (leaving.current) return;
          stopTour.current = startTour(text, () => {
            stopTour.current = null;
            markTourCompleted(id, 'personalizacion');
            // Left for another page mid-tour: removing `guide` here would navigate back to this one.
            if (leaving.current) return;
            // Back from the tour: the focus goes to the page's heading (unless it went back to the button that opened it).
            focusPageHeading();
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                next.delete('guide');
                return next;
              },
              { replace: true },
            );
          });
        })
        .catch((error: unknown) => {
          stopTour.current = null;
          console.error('Could not start the tour', error);
        });
    },
    [t, setParams],
  );

  // The tour points at the cards: it starts once every card of this bot is on the page.
  const [cardsShownFor, setCardsShownFor] = useState<string | null>(null);
  useEffect(() => {
    if (!readyBotId || cardsShownFor !== readyBotId || !shouldStartTour(guide, readyBotId, 'personalizacion')) return;
    // Let the last card lay out before pointing at it.
    const timer = setTimeout(() => runTour(readyBotId), 50);
    return () => clearTimeout(timer);
  }, [readyBotId, cardsShownFor, guide, runTour]);

  useEffect(() => {
    leaving.current = false;
    return () => {
      leaving.current = true;
      stopTour.current?.();
      stopTour.current = null;
    };
  }, []);

  if (!isSectionAllowed('personalizacion', isTenant, isAgent)) {
    return <Navigate to={{ pathname: paths.bot(botId, defaultBotSection(isTenant, isAgent)), search }} replace />;
  }
  if (bots.isPending) return <ContentSpinner />;
  if (!bot) {
    return (
      <EmptyState icon={<BotIcon className="size-8" />} title={t('dashboard:bots.notFoundTitle')} description={t('dashboard:bots.notFoundBody')}>
        <Link to={paths.dashboard} className={buttonClasses('primary')}>
          {t('dashboard:bots.backHome')}
        </Link>
      </EmptyState>
    );
  }
  return <BotSettings key={bot.id} bot={bot} onTour={() => runTour(bot.id)} onCardsShown={setCardsShownFor} />;
}

/** The cards below the first one, mounted one after another (`useStaggered`). */
const moreCards: ComponentType<{ bot: Bot; readOnly: boolean }>[] = [
  AssistantCard,
  WelcomeCard,
  ScheduleCard,
  RemindersCard,
  RedirectionCard,
  ChannelsPanel,
  DeleteBotCard,
];

function BotSettings({ bot, onTour, onCardsShown }: { bot: Bot; onTour: () => void; onCardsShown: (botId: string) => void }) {
  const { t } = useTranslation(['bots', 'dashboard']);
  const { toggle, switching } = useBotPower(bot);
  const readOnly = bot.locked;
  const name = botLabel(bot, t('bots:personalization.unnamed'));
  const card = cardKeyOf(bot.bot_objective);
  // The header and the first card paint first (what a phone shows on opening); the other cards
  // (about a thousand elements) follow one by one, each in a render React can interrupt, so the
  // page answers a tap while they are built.
  const shown = useStaggered(moreCards.length);
  const allShown = shown === moreCards.length;
  useEffect(() => {
    if (allShown) onCardsShown(bot.id);
  }, [allShown, bot.id, onCardsShown]);

  return (
    <div className="animate-rise">
      <header data-tour="bot-header" className="mb-6 flex flex-wrap items-center gap-4 rounded-3xl border border-line bg-card p-5 backdrop-blur-xl sm:p-6">
        <span className="grid size-14 shrink-0 place-items-center rounded-2xl bg-brand-gradient text-white shadow-lg shadow-brand-violet/30">
          <TemplateIcon template={bot.bot_objective} className="size-7" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wider text-muted uppercase">{t('dashboard:sections.personalizacion.label')}</p>
          <h1 className="truncate text-2xl font-bold tracking-tight sm:text-3xl">{name}</h1>
          <p className="mt-0.5 truncate text-sm text-muted">
            {[card ? t(`bots:${card}.title`) : null, bot.business_name].filter(Boolean).join(' · ')}
          </p>
        </div>
        <div className="flex w-full flex-wrap items-center justify-between gap-3 sm:w-auto sm:justify-end">
          <Switch
            checked={bot.bot_enabled}
            busy={switching}
            disabled={readOnly}
            onChange={() => void toggle()}
            aria-label={t('bots:personalization.status.switch')}
            label={
              <span className={bot.bot_enabled ? 'text-success' : 'text-muted'}>
                {bot.bot_enabled ? t('bots:personalization.status.on') : t('bots:personalization.status.off')}
              </span>
            }
          />
          <Button variant="secondary" size="sm" icon={<SparklesIcon className="size-4" />} onClick={onTour}>
            {t('bots:personalization.tour')}
          </Button>
        </div>
      </header>

      {readOnly ? (
        <Alert tone="error" className="mb-6" title={t('bots:personalization.locked.title')}>
          <span className="inline-flex items-start gap-1.5">
            <LockIcon className="mt-0.5 size-4 shrink-0" />
            {bot.locked_reason?.trim() || t('bots:personalization.locked.noReason')}
          </span>
        </Alert>
      ) : null}

      <nav
        aria-label={t('bots:personalization.groupsLabel')}
        className="sticky top-16 z-20 -mx-4 mb-6 overflow-x-auto border-b border-line bg-[color-mix(in_srgb,var(--bg-color)_80%,transparent)] px-4 py-2.5 backdrop-blur-xl sm:-mx-8 sm:px-8"
      >
        <ul className="flex gap-2 whitespace-nowrap">
          {groups.map(([anchor, key]) => (
            <li key={anchor}>
              <a
                href={`#${anchor}`}
                className="focus-ring inline-flex h-8 items-center rounded-full border border-line bg-card px-3 text-xs font-semibold text-muted transition hover:border-highlight/60 hover:text-fg"
              >
                {t(`bots:personalization.${key}.title`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="space-y-6" aria-busy={!allShown}>
        <BusinessCard bot={bot} readOnly={readOnly} />
        {moreCards.slice(0, shown).map((Card, index) => (
          <Card key={index} bot={bot} readOnly={readOnly} />
        ))}
      </div>
      <PlaygroundLauncher bot={bot} />
    </div>
  );
}

