import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useStages } from '../api/use-crm.ts';
import { ContactDrawer } from './contact-drawer.tsx';
import { ContactsView } from './contacts-view.tsx';
import { PipelineBoard } from './pipeline-board.tsx';

/** The CRM's Contactos and Embudo tabs: one list of stages, one contact drawer. `canEditStages`: the caller may change the bot's setup. */
export function CrmTabPanel({ botId, tab, canEditStages }: { botId: string; tab: 'contacts' | 'pipeline'; canEditStages: boolean }) {
  const { t } = useTranslation('crm');
  const stages = useStages(botId);
  const [open, setOpen] = useState<string | null>(null);
  if (stages.isError) return <LoadFailed title={t('table.loadFailed')} error={stages.error} retryLabel={t('table.retry')} retrying={stages.isRefetching} onRetry={() => void stages.refetch()} />;
  if (!stages.data) {
    return (
      <div className="grid place-items-center py-10">
        <Spinner />
      </div>
    );
  }
  return (
    <>
      {tab === 'contacts' ? <ContactsView botId={botId} stages={stages.data} onOpen={setOpen} /> : <PipelineBoard botId={botId} stages={stages.data} onOpen={setOpen} canEditStages={canEditStages} />}
      <ContactDrawer botId={botId} contactId={open} stages={stages.data} onClose={() => setOpen(null)} onOpen={setOpen} />
    </>
  );
}
