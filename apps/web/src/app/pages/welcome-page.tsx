import { useLocation, useSearchParams } from 'react-router';
import { greetingName } from '@charla/shared/input-rules';
import { useTranslation } from '../../lib/use-translation.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ContentSpinner } from '../../components/ui/full-screen-spinner.tsx';
import { BotIcon } from '../../components/ui/icons.tsx';
import { defaultBotSection, paths } from '../../lib/navigation.ts';
import { useTenant } from '../../lib/tenant-context.ts';
import { useCurrentUser } from '../../features/auth/index.ts';
import { BotLimitNotice, TemplateGrid, readSelectedBotId, resolveSelectedBot, useBotLimit, useBots } from '../../features/bots/index.ts';
import { NavigateIfStillHere } from '../navigate-if-still-here.tsx';
import { withTab } from './crm-tabs.ts';

/** How the owner is greeted: the first name, without a title ("Dra. Lucía Herrera" → "Lucía"). */
function firstName(name: string): string {
  return greetingName(name) || name;
}

/**
 * Dashboard home. Without a bot: the welcome view with the 18 business templates (the main admin:
 * its console). With bots: straight to the selected bot's default section (query kept); a team
 * agent to the inbox of their bot.
 */
export function WelcomePage() {
  const { t } = useTranslation(['dashboard', 'bots', 'common']);
  const user = useCurrentUser();
  const { isTenant } = useTenant();
  const { search } = useLocation();
  const [params] = useSearchParams();
  const clientId = params.get('clientId');
  const bots = useBots();
  const limit = useBotLimit(clientId);

  if (bots.isPending) return <ContentSpinner />;
  const selected = resolveSelectedBot(bots.data ?? [], undefined, readSelectedBotId());
  // A team agent goes straight to the inbox of their (first) bot: personalización is not theirs.
  const isAgent = user.seat?.role === 'agent';
  if (selected && isAgent) return <NavigateIfStillHere to={{ pathname: paths.bot(selected.id, defaultBotSection(isTenant, true)), search: `?${withTab(params, 'conversations').toString()}` }} />;
  if (selected && !clientId) return <NavigateIfStillHere to={{ pathname: paths.bot(selected.id, defaultBotSection(isTenant)), search }} />;
  // An agent makes no assistants: without one assigned there is nothing to do yet.
  if (isAgent) return <EmptyState icon={<BotIcon className="size-8" />} title={t('dashboard:bots.noneAssignedTitle')} description={t('dashboard:bots.noneAssignedBody', { owner: user.seat?.accountEmail ?? '' })} />;
  // The main admin account runs the service: without a bot of its own it lands on its console.
  if (user.role === 'admin' && !clientId) return <NavigateIfStillHere to={paths.admin} />;

  const steps = [t('dashboard:welcome.steps.template'), t('dashboard:welcome.steps.business'), t('dashboard:welcome.steps.style')];

  return (
    <div className="space-y-8 animate-rise sm:space-y-10">
      <section className="relative overflow-hidden rounded-3xl border border-line bg-card p-6 backdrop-blur-xl sm:p-10">
        <div className="grid items-center gap-10 lg:grid-cols-[1.2fr_1fr]">
          <div>
            <p className="text-sm font-semibold text-muted">{t('dashboard:welcome.greeting', { name: firstName(user.name) })}</p>
            <h1 className="mt-2 text-balance text-3xl font-extrabold tracking-tight sm:text-4xl">{t('dashboard:welcome.title')}</h1>
            <p className="mt-4 max-w-xl text-pretty text-base text-muted sm:text-lg">{t('dashboard:welcome.body')}</p>
            <ol className="mt-6 flex flex-wrap gap-2 text-sm">
              {steps.map((step, index) => (
                <li key={step} className="inline-flex items-center gap-2 rounded-full border border-line bg-card px-3 py-1.5 font-medium">
                  <span className="grid size-5 place-items-center rounded-full bg-highlight text-[11px] font-bold text-on-highlight">{index + 1}</span>
                  {step}
                </li>
              ))}
            </ol>
          </div>

          <div aria-hidden="true" className="relative mx-auto hidden w-full max-w-sm lg:block">
            <div className="absolute -inset-6 rounded-[2rem] bg-brand-gradient opacity-25 blur-2xl" />
            <div className="relative space-y-3 rounded-3xl border border-line bg-card-strong p-5 shadow-2xl">
              <div className="flex items-center gap-3 border-b border-line pb-3">
                <span className="grid size-9 place-items-center rounded-full bg-brand-gradient text-white">
                  <BotIcon className="size-5" />
                </span>
                <div>
                  <p className="text-sm font-semibold">{t('dashboard:welcome.preview.botName')}</p>
                  <p className="text-xs text-success">{t('dashboard:welcome.preview.status')}</p>
                </div>
              </div>
              <p className="ms-auto w-fit max-w-[85%] rounded-2xl rounded-br-md bg-highlight px-3.5 py-2 text-sm text-on-highlight">
                {t('dashboard:welcome.preview.customer')}
              </p>
              <p className="w-fit max-w-[85%] rounded-2xl rounded-bl-md border border-line bg-card px-3.5 py-2 text-sm">{t('dashboard:welcome.preview.bot')}</p>
              <p className="ms-auto w-fit max-w-[85%] rounded-2xl rounded-br-md bg-highlight px-3.5 py-2 text-sm text-on-highlight">
                {t('dashboard:welcome.preview.customerReply')}
              </p>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="templates-heading" className="space-y-4">
        <div>
          <h2 id="templates-heading" className="text-xl font-bold tracking-tight sm:text-2xl">
            {t('bots:templates.heading')}
          </h2>
          <p className="mt-1 text-pretty text-muted">{t('bots:templates.body')}</p>
        </div>
        {bots.isError ? (
          <Alert tone="error" title={t('bots:list.loadError')}>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void bots.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </Alert>
        ) : null}
        {limit?.reached ? <BotLimitNotice limit={limit.limit} /> : null}
        <TemplateGrid clientId={clientId} limit={limit} />
      </section>
    </div>
  );
}
