import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { paths } from '../../../lib/navigation.ts';
import { useBotLimit } from '../api/use-bot-limit.ts';
import { useBots } from '../api/use-bots.ts';
import { newBotLink } from '../new-bot-link.ts';
import { isCardTemplate } from '../template-labels.ts';
import { BotLimitNotice } from './bot-limit-notice.tsx';
import { TemplateGrid } from './template-grid.tsx';
import { BotWizard } from '../wizard/bot-wizard.tsx';

/**
 * /app/dashboard/nuevo: the template picker; with `?template=` the creation wizard for it.
 * `clientId` (a partner creating for a client) is kept all the way.
 */
export function NewBotPage() {
  const { t } = useTranslation('bots');
  const [params] = useSearchParams();
  const template = params.get('template');
  const clientId = params.get('clientId');
  const bots = useBots();
  const limit = useBotLimit(clientId);
  const hasBots = (bots.data?.length ?? 0) > 0;
  // The first bot starts from the welcome view; later ones from this picker.
  const backTo = hasBots || clientId ? newBotLink(null, clientId) : paths.dashboard;

  // At the plan's limit the wizard does not start: the picker says why, before any step.
  if (isCardTemplate(template) && !limit?.reached) {
    // A new template starts a new wizard.
    return <BotWizard key={template} template={template} clientId={clientId} backTo={backTo} limit={limit?.limit ?? null} />;
  }

  return (
    <>
      <PageHeader title={t('templates.newTitle')} description={t('templates.body')} />
      {limit?.reached ? <BotLimitNotice limit={limit.limit} className="mb-6" /> : null}
      <TemplateGrid clientId={clientId} limit={limit} />
    </>
  );
}
