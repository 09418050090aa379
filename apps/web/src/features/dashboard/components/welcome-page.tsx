import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { BotIcon, CalendarIcon, ChatIcon, KanbanIcon, SparklesIcon } from '../../../components/ui/icons.tsx';
import { useCurrentUser } from '../../auth/current-user.tsx';

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** Dashboard home while the account has no assistant yet. */
export function WelcomePage() {
  const { t } = useTranslation('dashboard');
  const user = useCurrentUser();
  const features = [
    { icon: ChatIcon, title: t('welcome.features.channels.title'), body: t('welcome.features.channels.body') },
    { icon: CalendarIcon, title: t('welcome.features.appointments.title'), body: t('welcome.features.appointments.body') },
    { icon: KanbanIcon, title: t('welcome.features.crm.title'), body: t('welcome.features.crm.body') },
  ];

  return (
    <div className="space-y-8 animate-rise">
      <section className="relative overflow-hidden rounded-3xl border border-line bg-card p-6 backdrop-blur-xl sm:p-10">
        <div className="grid items-center gap-10 lg:grid-cols-[1.2fr_1fr]">
          <div>
            <p className="text-sm font-semibold text-muted">{t('welcome.greeting', { name: firstName(user.name) })}</p>
            <h1 className="mt-2 text-balance text-3xl font-extrabold tracking-tight sm:text-4xl">{t('welcome.title')}</h1>
            <p className="mt-4 max-w-xl text-pretty text-base text-muted sm:text-lg">{t('welcome.body')}</p>
            <div className="mt-8 flex flex-wrap items-center gap-3">
              <Button size="lg" disabled icon={<SparklesIcon className="size-5" />} aria-describedby="welcome-soon">
                {t('welcome.cta')}
              </Button>
              <span id="welcome-soon" className="rounded-full border border-highlight/40 bg-highlight/15 px-3 py-1 text-xs font-semibold tracking-wide uppercase">
                {t('welcome.soon')}
              </span>
            </div>
          </div>

          <div aria-hidden="true" className="relative mx-auto w-full max-w-sm">
            <div className="absolute -inset-6 rounded-[2rem] bg-brand-gradient opacity-25 blur-2xl" />
            <div className="relative space-y-3 rounded-3xl border border-line bg-card-strong p-5 shadow-2xl">
              <div className="flex items-center gap-3 border-b border-line pb-3">
                <span className="grid size-9 place-items-center rounded-full bg-brand-gradient text-white">
                  <BotIcon className="size-5" />
                </span>
                <div>
                  <p className="text-sm font-semibold">{t('welcome.preview.botName')}</p>
                  <p className="text-xs text-success">{t('welcome.preview.status')}</p>
                </div>
              </div>
              <p className="ms-auto w-fit max-w-[85%] rounded-2xl rounded-br-md bg-highlight px-3.5 py-2 text-sm text-on-highlight">
                {t('welcome.preview.customer')}
              </p>
              <p className="w-fit max-w-[85%] rounded-2xl rounded-bl-md border border-line bg-card px-3.5 py-2 text-sm">{t('welcome.preview.bot')}</p>
              <p className="ms-auto w-fit max-w-[85%] rounded-2xl rounded-br-md bg-highlight px-3.5 py-2 text-sm text-on-highlight">
                {t('welcome.preview.customerReply')}
              </p>
            </div>
          </div>
        </div>
      </section>

      <ul className="grid gap-4 sm:grid-cols-3">
        {features.map(({ icon: Icon, title, body }) => (
          <li key={title} className="rounded-2xl border border-line bg-card p-5 backdrop-blur-xl">
            <span className="grid size-10 place-items-center rounded-xl bg-highlight/15 text-highlight">
              <Icon className="size-5" />
            </span>
            <h2 className="mt-4 font-semibold">{title}</h2>
            <p className="mt-1 text-sm text-muted">{body}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
