import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Card } from '../../../components/ui/card.tsx';
import { ChevronDownIcon, UserIcon } from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { paths } from '../../../lib/navigation.ts';
import { TenantSectionGuard } from '../../dashboard/index.ts';

const questions = ['whatIs', 'firstAssistant', 'channels', 'language', 'account', 'security'] as const;

export function HelpPage() {
  const { t } = useTranslation('help');
  return (
    <TenantSectionGuard section="ayuda">
      <PageHeader title={t('title')} description={t('description')} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <section aria-labelledby="faq-title">
          <h2 id="faq-title" className="sr-only">
            {t('faqTitle')}
          </h2>
          <div className="space-y-3">
            {questions.map((key) => (
              <details key={key} className="group rounded-2xl border border-line bg-card backdrop-blur-xl open:bg-card-strong">
                <summary className="focus-ring flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 font-semibold [&::-webkit-details-marker]:hidden">
                  {t(`faq.${key}.q`)}
                  <ChevronDownIcon className="size-5 shrink-0 text-muted transition group-open:rotate-180" />
                </summary>
                <p className="px-5 pb-5 text-pretty text-muted">{t(`faq.${key}.a`)}</p>
              </details>
            ))}
          </div>
        </section>
        <Card className="h-fit p-6">
          <h2 className="font-semibold">{t('contact.title')}</h2>
          <p className="mt-2 text-sm text-muted">{t('contact.body')}</p>
          <Link to={paths.general('mi-cuenta')} className="focus-ring mt-4 inline-flex items-center gap-2 rounded text-sm font-semibold text-highlight-text hover:underline">
            <UserIcon className="size-4" />
            {t('contact.action')}
          </Link>
        </Card>
      </div>
    </TenantSectionGuard>
  );
}
