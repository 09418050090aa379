import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { AdminStatusResponse } from '@charla/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ContentSpinner } from '../../../components/ui/full-screen-spinner.tsx';
import { BotIcon, RestartIcon, TableIcon } from '../../../components/ui/icons.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { AuditList } from '../../audit/index.ts';
import { useCurrentUser } from '../../auth/index.ts';
import { NotFoundSection } from '../../dashboard/index.ts';
import { adminStatusRefreshMs, useAdminStatus } from '../api/use-admin-status.ts';
import { engineHealth, healthTone, type EngineHealth } from '../model-state.ts';
import { AdminAccount } from './admin-account.tsx';
import { AdminAccounts } from './admin-accounts.tsx';
import { AdminAffiliates } from './admin-affiliates.tsx';
import { AdminFigures } from './admin-figures.tsx';
import { dateFormat, intlLocale } from '../../../lib/intl.ts';

// The text tones lean toward the font colour: on the light theme's tinted cards plain danger and success read below 4.5:1.
const badgeTones = {
  success: 'border-success/40 bg-success/10 text-[color-mix(in_srgb,var(--success-color)_70%,var(--font-color))]',
  danger: 'border-danger/40 bg-danger/10 text-[color-mix(in_srgb,var(--danger-color)_70%,var(--font-color))]',
  muted: 'border-line bg-card text-muted',
} as const;

/**
 * The admin console of the main admin account: the service's state (asked again every 15 s), its
 * figures, every account (bots, plan, suspension) and the console's own audit trail.
 */
export function AdminPage() {
  const { t } = useTranslation('admin');
  const user = useCurrentUser();
  const status = useAdminStatus(user.role === 'admin');
  const [openAccount, setOpenAccount] = useState<string | null>(null);
  // Another account finds no page here (the server refuses the call too).
  if (user.role !== 'admin') return <NotFoundSection />;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button variant="secondary" size="sm" icon={<RestartIcon className="size-4" />} loading={status.isFetching} onClick={() => void status.refetch()}>
            {t('refresh')}
          </Button>
        }
      />
      {status.isPending ? (
        <ContentSpinner />
      ) : status.isError ? (
        <Card>
          <LoadFailed title={t('loadFailed')} error={status.error} retryLabel={t('refresh')} retrying={status.isFetching} onRetry={() => void status.refetch()} />
        </Card>
      ) : (
        <Status status={status.data} />
      )}
      <div className="mt-10 space-y-10">
        <AdminFigures />
        {openAccount ? <AdminAccount id={openAccount} onBack={() => setOpenAccount(null)} /> : <AdminAccounts onOpen={setOpenAccount} />}
        <AdminAffiliates />
        <section aria-labelledby="admin-trail" className="space-y-3">
          <h2 id="admin-trail" className="text-lg font-semibold">
            {t('trail.title')}
          </h2>
          <AuditList path="/api/admin/audit" emptyTitle={t('trail.empty')} />
        </section>
      </div>
    </>
  );
}

function Status({ status }: { status: AdminStatusResponse }) {
  const { t, i18n } = useTranslation('admin');
  const when = (iso: string | null) => (iso ? dateFormat(intlLocale(i18n.resolvedLanguage), { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso)) : t('never'));
  const health = engineHealth(status.engine);
  const model = status.engine.model;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card className="p-6">
        <CardTitle icon={<BotIcon className="size-5" />} title={t('model.title')} badge={<HealthBadge health={health} />} />
        <p className="mt-3 text-sm text-pretty text-muted">{t(`model.about.${health}`)}</p>
        {model ? (
          <Facts>
            <Fact label={t('model.name')} value={<span className="font-mono">{model.model}</span>} />
            <Fact label={t('model.failures')} value={String(model.failures)} />
            <Fact label={t('model.consecutive')} value={String(model.consecutive_failures)} />
            <Fact label={t('model.lastFailure')} value={model.last_failure_at ? `${when(model.last_failure_at)}${model.last_reason ? ` · ${model.last_reason}` : ''}` : t('never')} />
            <Fact label={t('model.lastSuccess')} value={when(model.last_success_at)} />
          </Facts>
        ) : null}
      </Card>
      <Card className="p-6">
        <CardTitle icon={<TableIcon className="size-5" />} title={t('database.title')} />
        <Facts>
          <Fact label={t('database.engine')} value={t(`database.engines.${status.database.engine}`)} />
          <Fact label={t('database.migrations')} value={t(`database.migrationStates.${status.database.migrations}`)} />
          <Fact label={t('startedAt')} value={when(status.started_at)} />
        </Facts>
      </Card>
      <p className="text-xs text-muted lg:col-span-2" role="status">
        {t('checkedAt', { when: when(status.checked_at), seconds: adminStatusRefreshMs / 1000 })}
      </p>
    </div>
  );
}

function CardTitle({ icon, title, badge }: { icon: ReactNode; title: string; badge?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <span className="text-highlight-text">{icon}</span>
        {title}
      </h2>
      {badge}
    </div>
  );
}

function HealthBadge({ health }: { health: EngineHealth }) {
  const { t } = useTranslation('admin');
  return <span className={`inline-flex h-7 items-center rounded-full border px-3 text-xs font-semibold ${badgeTones[healthTone[health]]}`}>{t(`model.state.${health}`)}</span>;
}

function Facts({ children }: { children: ReactNode }) {
  return <dl className="mt-5 divide-y divide-line border-t border-line text-sm">{children}</dl>;
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2.5">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 text-end font-medium break-words">{value}</dd>
    </div>
  );
}
