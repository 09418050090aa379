import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import { GradientBackdrop } from '../../../components/ui/gradient-backdrop.tsx';
import { CalendarIcon, ChatIcon, KanbanIcon } from '../../../components/ui/icons.tsx';
import { LanguageSwitch } from '../../../components/ui/language-switch.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { useTenant } from '../../../lib/tenant-context.ts';

/** Sign-in and sign-up: the product pitch beside the form on wide screens, the form alone on phones. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth');
  const { tenant, logoUrl } = useTenant();
  const points = [
    { icon: ChatIcon, text: t('brand.points.channels') },
    { icon: CalendarIcon, text: t('brand.points.appointments') },
    { icon: KanbanIcon, text: t('brand.points.crm') },
  ];

  return (
    <div className="relative isolate flex min-h-dvh flex-col bg-surface text-fg">
      <GradientBackdrop />
      <header className="flex items-center justify-between gap-4 px-5 py-5 sm:px-8">
        <Logo tenant={tenant} logoUrl={logoUrl} />
        <LanguageSwitch />
      </header>
      <main className="mx-auto grid w-full max-w-6xl flex-1 items-center gap-10 px-5 pb-10 sm:px-8 lg:grid-cols-[1.1fr_1fr] lg:gap-16">
        <section className="hidden lg:block">
          <h2 className="max-w-xl text-balance text-4xl leading-tight font-extrabold tracking-tight xl:text-[2.75rem]">
            {t('brand.headlineStart')} <span className="text-brand-gradient">{t('brand.headlineHighlight')}</span>
          </h2>
          <p className="mt-5 max-w-md text-lg text-pretty text-muted">{t('brand.subhead')}</p>
          <ul className="mt-10 space-y-4">
            {points.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-4">
                <span className="grid size-11 shrink-0 place-items-center rounded-xl border border-line bg-card text-highlight-text">
                  <Icon className="size-5" />
                </span>
                <span className="text-[15px] font-medium">{text}</span>
              </li>
            ))}
          </ul>
        </section>
        <div className="mx-auto w-full max-w-md">{children}</div>
      </main>
    </div>
  );
}

export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <section className="rounded-3xl border border-line bg-card p-6 shadow-2xl shadow-black/20 backdrop-blur-2xl sm:p-8 animate-rise">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <p className="mt-1.5 text-muted">{subtitle}</p>
      <div className="mt-7">{children}</div>
    </section>
  );
}

/** Under the card: the way to the other form ("¿No tienes cuenta? Regístrate"). */
export function AuthSwitch({ prompt, to, label }: { prompt: string; to: string; label: string }) {
  return (
    <p className="mt-6 text-center text-sm text-muted">
      {prompt}{' '}
      <Link to={to} className="focus-ring rounded font-semibold whitespace-nowrap text-fg underline decoration-highlight decoration-2 underline-offset-4 hover:text-highlight-text">
        {label}
      </Link>
    </p>
  );
}
