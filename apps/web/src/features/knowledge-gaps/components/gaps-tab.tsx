import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { KnowledgeGap } from '@charla/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorText } from '../../../lib/error-text.ts';
import type { GapListStatus } from '../api/knowledge-gaps-api.ts';
import { useKnowledgeGapMutations, useKnowledgeGaps } from '../api/use-knowledge-gaps.ts';
import { formatAsked } from './gap-format.ts';

const ANSWER_CHARS = 4000;
const statuses: GapListStatus[] = ['open', 'answered'];

/** Open or answered: buttons that say which list is shown. */
function StatusSwitch({ value, onChange }: { value: GapListStatus; onChange: (s: GapListStatus) => void }) {
  const { t } = useTranslation('crm');
  return (
    <div role="group" aria-label={t('gaps.show')} className="inline-flex rounded-xl border border-line bg-field p-0.5">
      {statuses.map((s) => (
        <button
          key={s}
          type="button"
          aria-pressed={value === s}
          onClick={() => onChange(s)}
          className={`focus-ring rounded-lg px-3 py-1.5 text-sm font-semibold ${value === s ? 'bg-highlight text-on-highlight shadow' : 'text-muted hover:text-fg'}`}
        >
          {t(`gaps.status.${s}`)}
        </button>
      ))}
    </div>
  );
}

/** One question: how often and when it was asked, the customers' wordings, and the answer box. */
function GapCard({ botId, gap }: { botId: string; gap: KnowledgeGap }) {
  const { t, i18n } = useTranslation('crm');
  const { answer, dismiss } = useKnowledgeGapMutations(botId);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const lng = i18n.resolvedLanguage ?? 'es';
  const others = gap.examples.filter((e) => e !== gap.question);
  const headingId = `gap-${gap.id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setProblem(t('gaps.answerRequired'));
    setProblem(undefined);
    answer.mutate(
      { id: gap.id, text: text.trim() },
      {
        onSuccess: () => showToast(t('gaps.answered')),
        onError: (err) => setProblem(errorText(err)),
      },
    );
  };
  return (
    <Card className="min-w-0 p-4 sm:p-5" aria-labelledby={headingId} role="article" data-gap={gap.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 text-lg font-semibold break-words text-fg">
          {gap.question}
        </h3>
        <span className="shrink-0 rounded-full bg-highlight/15 px-2.5 py-0.5 text-sm font-semibold text-fg" data-gap-count>
          {t('gaps.count', { count: gap.count })}
        </span>
      </div>
      <p className="mt-1 text-sm text-muted">
        {gap.count > 1 && gap.firstAskedAt !== gap.lastAskedAt
          ? t('gaps.askedBetween', { first: formatAsked(gap.firstAskedAt, lng), last: formatAsked(gap.lastAskedAt, lng) })
          : t('gaps.askedOn', { when: formatAsked(gap.lastAskedAt, lng) })}
      </p>
      {others.length ? (
        <div className="mt-3">
          <p className="text-sm font-semibold text-fg">{t('gaps.otherWordings')}</p>
          <ul className="mt-1 list-disc space-y-0.5 ps-5 text-sm break-words text-muted">
            {others.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {gap.status === 'answered' ? (
        <div className="mt-3 rounded-xl border border-line bg-field p-3">
          <p className="text-sm font-semibold text-fg">{t('gaps.yourAnswer')}</p>
          <p className="mt-1 text-sm break-words whitespace-pre-line text-fg">{gap.answer}</p>
          {gap.answeredAt ? <p className="mt-1 text-xs text-muted">{t('gaps.learnedOn', { when: formatAsked(gap.answeredAt, lng) })}</p> : null}
        </div>
      ) : (
        <form onSubmit={submit} className="mt-3 space-y-2" noValidate>
          <TextareaField
            label={t('gaps.answerLabel')}
            hint={t('gaps.answerHint')}
            value={text}
            rows={3}
            maxChars={ANSWER_CHARS}
            maxLength={ANSWER_CHARS}
            error={problem}
            onChange={(e) => setText(e.target.value)}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="ghost"
              loading={dismiss.isPending}
              onClick={() => dismiss.mutate(gap.id, { onSuccess: () => showToast(t('gaps.dismissed')), onError: (err) => showToast(errorText(err), 'error') })}
            >
              {t('gaps.dismiss')}
            </Button>
            <Button type="submit" loading={answer.isPending}>
              {t('gaps.save')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

/** Sin respuesta: what customers asked that the bot could not answer, most asked first; answered, it becomes knowledge. */
export function GapsTab({ botId }: { botId: string }) {
  const { t } = useTranslation('crm');
  const [status, setStatus] = useState<GapListStatus>('open');
  const gaps = useKnowledgeGaps(botId, status);
  return (
    <section aria-labelledby="gaps-title" className="min-w-0 space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="gaps-title" className="text-xl font-bold tracking-tight text-fg">
            {t('gaps.title')}
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-pretty text-muted">{t('gaps.intro')}</p>
        </div>
        <StatusSwitch value={status} onChange={setStatus} />
      </div>
      {gaps.isError ? (
        <LoadFailed title={t('gaps.loadFailed')} error={gaps.error} retryLabel={t('table.retry')} retrying={gaps.isRefetching} onRetry={() => void gaps.refetch()} />
      ) : !gaps.data ? (
        <div className="grid place-items-center py-10">
          <Spinner />
        </div>
      ) : !gaps.data.length ? (
        <Card className="p-6 text-center text-muted">{status === 'open' ? t('gaps.emptyOpen') : t('gaps.emptyAnswered')}</Card>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2" aria-label={t(`gaps.status.${status}`)}>
          {gaps.data.map((gap) => (
            <li key={gap.id} className="min-w-0">
              <GapCard botId={botId} gap={gap} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
