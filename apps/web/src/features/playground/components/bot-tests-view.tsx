import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { BotTest } from '@charla/shared';
import { botTestLimits, factsFromLines, factsProblem } from '@charla/shared/input-rules';
import { matchesGroup } from '@charla/shared/reply-score';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDeleteModal } from '../../../components/ui/confirm-delete-modal.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { AlertIcon, CheckCircleIcon, ClockIcon, PlayIcon, PlusIcon, TrashIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { errorText, fieldErrors } from '../../../lib/error-text.ts';
import { useBotTestMutations, useBotTests } from '../api/use-bot-tests.ts';

/**
 * "Pruebas": the owner's saved questions with what each reply must say (and must not). "Probar
 * todo" asks the assistant every one as a new customer would, with its current knowledge and
 * personality, and shows which pass, so a change is checked before customers see it.
 */
export function BotTestsView({ botId }: { botId: string }) {
  const { t } = useTranslation('playground');
  const tests = useBotTests(botId);
  const { create, remove, run } = useBotTestMutations(botId);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<BotTest | null>(null);
  const items = tests.data ?? [];
  const ran = items.filter((test) => test.lastRun);
  const passed = ran.filter((test) => test.lastRun?.passed).length;

  if (tests.isPending) {
    return (
      <div className="m-auto flex items-center gap-2 text-sm text-muted" role="status">
        <Spinner className="size-5" />
        {t('tests.loading')}
      </div>
    );
  }
  if (tests.isError) {
    return (
      <div className="m-auto w-full max-w-sm px-4">
        <Alert tone="error" title={t('tests.errors.load')}>
          <p>{errorText(tests.error)}</p>
          <Button size="sm" variant="secondary" className="mt-3" onClick={() => void tests.refetch()}>
            {t('errors.retry')}
          </Button>
        </Alert>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4 px-4 py-4">
      <p className="text-sm leading-relaxed text-muted">{t('tests.intro')}</p>

      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-line bg-card px-3 py-3">
        <p role="status" aria-live="polite" className="min-w-0 flex-1 text-sm font-semibold" data-testid="bot-tests-summary">
          {run.isPending
            ? t('tests.running', { count: items.length })
            : !items.length
              ? t('tests.none')
              : ran.length
                ? t('tests.summary', { passed, count: ran.length }) + (ran.length < items.length ? ` · ${t('tests.notRun', { count: items.length - ran.length })}` : '')
                : t('tests.neverRun', { count: items.length })}
        </p>
        <Button size="sm" icon={<PlayIcon className="size-4" />} loading={run.isPending} disabled={!items.length} onClick={() => run.mutate()}>
          {t('tests.runAll')}
        </Button>
      </div>
      {run.isError ? <Alert tone="error" title={t('tests.errors.run')}>{errorText(run.error)}</Alert> : null}

      {adding ? (
        <NewTestForm
          saving={create.isPending}
          error={create.error}
          onCancel={() => {
            create.reset();
            setAdding(false);
          }}
          onSave={(body) =>
            create.mutate(body, {
              onSuccess: () => setAdding(false),
            })
          }
        />
      ) : (
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          icon={<PlusIcon className="size-4" />}
          disabled={items.length >= botTestLimits.perBot}
          onClick={() => {
            create.reset();
            setAdding(true);
          }}
        >
          {t('tests.add')}
        </Button>
      )}

      {items.length ? (
        <ol aria-label={t('tests.listLabel')} className="flex flex-col gap-3">
          {items.map((test) => (
            <TestItem key={test.id} test={test} onDelete={() => setDeleting(test)} />
          ))}
        </ol>
      ) : (
        <p className="rounded-xl border border-dashed border-line px-4 py-6 text-center text-sm text-muted">{t('tests.empty')}</p>
      )}
      {remove.isError ? <Alert tone="error" title={t('tests.errors.delete')}>{errorText(remove.error)}</Alert> : null}

      <ConfirmDeleteModal
        open={deleting !== null}
        title={t('tests.deleteTitle')}
        cancelLabel={t('tests.cancel')}
        confirmLabel={t('tests.delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
      >
        <p className="break-words">{t('tests.deleteBody', { question: deleting?.question ?? '' })}</p>
      </ConfirmDeleteModal>
    </div>
  );
}

function TestItem({ test, onDelete }: { test: BotTest; onDelete: () => void }) {
  const { t } = useTranslation('playground');
  const last = test.lastRun;
  const status = !last ? 'pending' : last.passed ? 'passed' : 'failed';
  const missing = last && !last.passed ? test.expect.filter((group) => !matchesGroup(last.reply, group)) : [];
  const said = last && !last.passed ? test.expectNot.filter((group) => matchesGroup(last.reply, group)) : [];
  const either = (group: string[]) => group.join(t('tests.or'));

  return (
    <li className="rounded-xl border border-line bg-card-strong p-3" data-status={status}>
      <div className="flex items-start gap-2">
        <p className="min-w-0 flex-1 text-sm font-semibold break-words">{test.question}</p>
        <StatusBadge status={status} />
        <button
          type="button"
          onClick={onDelete}
          aria-label={t('tests.deleteOne', { question: test.question })}
          title={t('tests.delete')}
          className="focus-ring -my-1 grid size-9 shrink-0 place-items-center rounded-full text-muted transition hover:bg-card hover:text-danger"
        >
          <TrashIcon className="size-4" />
        </button>
      </div>
      <dl className="mt-2 space-y-1.5 text-xs leading-relaxed">
        <div>
          <dt className="font-semibold text-muted">{t('tests.mustSay')}</dt>
          <dd>
            <Facts groups={test.expect} either={either} />
          </dd>
        </div>
        {test.expectNot.length ? (
          <div>
            <dt className="font-semibold text-muted">{t('tests.mustNotSay')}</dt>
            <dd>
              <Facts groups={test.expectNot} either={either} />
            </dd>
          </div>
        ) : null}
      </dl>
      {last ? (
        <details className="mt-2 text-xs" open={!last.passed}>
          <summary className="focus-ring cursor-pointer rounded font-semibold text-muted hover:text-fg">{t('tests.reply')}</summary>
          <p className="mt-1.5 rounded-lg bg-card px-3 py-2 text-[13px] leading-relaxed whitespace-pre-wrap break-words" data-testid="bot-test-reply">
            {last.reply || t('tests.noReply')}
          </p>
          {missing.length ? <p className="mt-1.5 text-danger">{t('tests.missing', { facts: missing.map(either).join('; ') })}</p> : null}
          {said.length ? <p className="mt-1.5 text-danger">{t('tests.forbidden', { facts: said.map(either).join('; ') })}</p> : null}
        </details>
      ) : null}
    </li>
  );
}

function Facts({ groups, either }: { groups: string[][]; either: (group: string[]) => string }) {
  return (
    <ul className="flex flex-wrap gap-1.5">
      {groups.map((group, i) => (
        <li key={i} className="max-w-full rounded-md border border-line bg-card px-2 py-0.5 break-words">
          {either(group)}
        </li>
      ))}
    </ul>
  );
}

function StatusBadge({ status }: { status: 'pending' | 'passed' | 'failed' }) {
  const { t } = useTranslation('playground');
  const look = {
    passed: { className: 'border-success/40 bg-success/10 text-success', icon: <CheckCircleIcon className="size-3.5" /> },
    failed: { className: 'border-danger/40 bg-danger/10 text-danger', icon: <AlertIcon className="size-3.5" /> },
    pending: { className: 'border-line bg-card text-muted', icon: <ClockIcon className="size-3.5" /> },
  }[status];
  return (
    <span className={`inline-flex shrink-0 items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold ${look.className}`}>
      {look.icon}
      {t(`tests.status.${status}`)}
    </span>
  );
}

type NewTest = { question: string; expect: string[][]; expectNot: string[][] };

/** A new test: the question, then one fact per line (its spellings separated by " / " or "|"), and what must not be said. */
function NewTestForm({ saving, error, onSave, onCancel }: { saving: boolean; error: unknown; onSave: (body: NewTest) => void; onCancel: () => void }) {
  const { t } = useTranslation('playground');
  const titleId = useId();
  const [question, setQuestion] = useState('');
  const [mustSay, setMustSay] = useState('');
  const [mustNotSay, setMustNotSay] = useState('');
  const [problems, setProblems] = useState<Partial<Record<'question' | 'expect' | 'expectNot', string>>>({});
  const server = fieldErrors(error);
  const serverField = (name: string) => Object.entries(server).find(([key]) => key === name || key.startsWith(`${name}.`))?.[1];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const expect = factsFromLines(mustSay);
    const expectNot = factsFromLines(mustNotSay);
    const found: typeof problems = {};
    if (!question.trim()) found.question = t('tests.form.questionRequired');
    const say = factsProblem(expect, { required: true });
    if (say) found.expect = t(`tests.form.problems.${say}`, { groups: botTestLimits.groups, alternatives: botTestLimits.alternatives, chars: botTestLimits.alternative });
    const notSay = factsProblem(expectNot, { required: false });
    if (notSay) found.expectNot = t(`tests.form.problems.${notSay}`, { groups: botTestLimits.groups, alternatives: botTestLimits.alternatives, chars: botTestLimits.alternative });
    setProblems(found);
    if (Object.keys(found).length) return;
    onSave({ question: question.trim(), expect, expectNot });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId} className="flex flex-col gap-3 rounded-xl border border-highlight/40 bg-card p-3">
      <h3 id={titleId} className="text-sm font-semibold">
        {t('tests.form.title')}
      </h3>
      <TextField
        label={t('tests.form.question')}
        placeholder={t('tests.form.questionPlaceholder')}
        value={question}
        maxLength={botTestLimits.question}
        onChange={(event) => setQuestion(event.target.value)}
        error={problems.question ?? serverField('question')}
      />
      <TextareaField
        label={t('tests.form.mustSay')}
        hint={t('tests.form.mustSayHint')}
        placeholder={t('tests.form.mustSayPlaceholder')}
        rows={3}
        value={mustSay}
        onChange={(event) => setMustSay(event.target.value)}
        error={problems.expect ?? serverField('expect')}
      />
      <TextareaField
        label={t('tests.form.mustNotSay')}
        hint={t('tests.form.mustNotSayHint')}
        rows={2}
        value={mustNotSay}
        onChange={(event) => setMustNotSay(event.target.value)}
        error={problems.expectNot ?? serverField('expectNot')}
      />
      {error && !Object.keys(server).length ? <FormAlert error={error} /> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel}>
          {t('tests.cancel')}
        </Button>
        <Button type="submit" size="sm" loading={saving}>
          {t('tests.form.save')}
        </Button>
      </div>
    </form>
  );
}
