import { useTranslation } from '../../../lib/use-translation.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { PhoneIcon } from '../../../components/ui/icons.tsx';
import { demoCustomerPath } from '../../../lib/navigation.ts';

/**
 * The demonstration channel: always there, nothing to connect. "Simular cliente" opens a
 * customer's phone in another tab; the conversation shows in Conversaciones, where replies really
 * go out (to that page, never to WhatsApp).
 */
export function DemoChannel({ botId }: { botId: string }) {
  const { t } = useTranslation('channels');
  return (
    <article id="canal-demo" aria-labelledby="canal-demo-title" data-channel="canal-demo" className="flex min-w-0 flex-col gap-3 rounded-2xl border border-dashed border-highlight/50 bg-highlight/5 p-4 sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id="canal-demo-title" className="font-semibold text-fg">
            {t('demo.title')}
          </h3>
          <p className="mt-0.5 text-pretty text-sm text-muted">{t('demo.description')}</p>
        </div>
        <span className="inline-flex items-center gap-1.5 rounded-full border border-highlight/40 bg-highlight/10 px-3 py-1 text-xs font-semibold text-highlight-text">
          <span aria-hidden className="size-1.5 rounded-full bg-current" />
          {t('demo.state')}
        </span>
      </header>
      <div>
        <a href={demoCustomerPath(botId)} target="_blank" rel="noopener" className={buttonClasses('secondary', 'sm')} data-simulate-customer>
          <PhoneIcon className="size-4" />
          {t('demo.simulate')}
        </a>
      </div>
    </article>
  );
}
