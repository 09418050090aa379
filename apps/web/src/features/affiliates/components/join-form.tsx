import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { affiliateQuestionIds, type AffiliateQuestionId } from '@charla/shared/constants';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorText, fieldErrors } from '../../../lib/error-text.ts';
import { useJoinProgram } from '../api/use-affiliates.ts';
import type { AffiliateCallError } from '../api/affiliates-client.ts';
import { clabeProblem, looksLikeEmail } from '../join-checks.ts';
import { ProgramRules } from './program-rules.tsx';

type Method = 'paypal' | 'bank';

/** Joining the program: how to be paid (PayPal or a CLABE, checked as it is typed) and the profile's questions. */
export function JoinForm({ userId }: { userId: string }) {
  const { t } = useTranslation('referrals');
  const join = useJoinProgram(userId);
  const [method, setMethod] = useState<Method>('paypal');
  const [paypalEmail, setPaypalEmail] = useState('');
  const [clabe, setClabe] = useState('');
  const [bankName, setBankName] = useState('');
  const [holderName, setHolderName] = useState('');
  const [answers, setAnswers] = useState<Record<AffiliateQuestionId, string>>({ how_promote: '', audience: '', website: '', expected_referrals: '' });
  const [touched, setTouched] = useState({ paypal: false, clabe: false });

  const cause = (join.error as AffiliateCallError | null)?.cause;
  const server = fieldErrors(cause);
  const clabeIssue = clabeProblem(clabe);
  const clabeError = touched.clabe && clabeIssue ? (clabeIssue.kind === 'length' ? t('join.clabeLength', { count: clabeIssue.count }) : server['bankInfo.clabe'] ?? t('join.clabeControl')) : server['bankInfo.clabe'];
  const paypalError = touched.paypal && paypalEmail && !looksLikeEmail(paypalEmail) ? t('join.paypalInvalid') : server.paypalEmail;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched({ paypal: true, clabe: true });
    if (method === 'paypal' && !looksLikeEmail(paypalEmail)) return;
    if (method === 'bank' && clabeIssue) return;
    join.mutate(
      {
        ...(method === 'paypal' ? { paypalEmail: paypalEmail.trim() } : { bankInfo: { clabe, ...(bankName.trim() ? { bankName: bankName.trim() } : {}), ...(holderName.trim() ? { holderName: holderName.trim() } : {}) } }),
        affiliateQuestions: affiliateQuestionIds.filter((q) => answers[q].trim()).map((q) => ({ question: q, answer: answers[q].trim() })),
      },
      { onSuccess: () => showToast(t('join.done')) },
    );
  }

  const tab = (value: Method, label: string) => (
    <label
      className={`focus-within:ring-3 focus-within:ring-highlight/25 flex cursor-pointer items-center gap-2 rounded-xl border px-4 py-3 text-sm font-semibold transition ${
        method === value ? 'border-highlight bg-highlight/10 text-fg' : 'border-line bg-field text-muted hover:text-fg'
      }`}
    >
      <input type="radio" name="payout-method" value={value} checked={method === value} onChange={() => setMethod(value)} className="accent-[var(--highlight-color)]" />
      {label}
    </label>
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Card className="p-5 sm:p-6">
        <h2 className="text-xl font-bold tracking-tight">{t('join.title')}</h2>
        <p className="mt-1 text-muted">{t('join.intro')}</p>
        <form className="mt-6 space-y-6" noValidate onSubmit={submit}>
          <fieldset className="space-y-3">
            <legend className="mb-2 text-sm font-semibold">{t('join.method')}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {tab('paypal', t('join.paypal'))}
              {tab('bank', t('join.bank'))}
            </div>
            {method === 'paypal' ? (
              <TextField
                label={t('join.paypalEmail')}
                type="email"
                autoComplete="email"
                value={paypalEmail}
                maxLength={254}
                required
                onChange={(e) => setPaypalEmail(e.target.value)}
                onBlur={() => setTouched((v) => ({ ...v, paypal: true }))}
                error={paypalError}
                hint={t('join.paypalHint')}
              />
            ) : (
              <div className="space-y-3">
                <TextField
                  label={t('join.clabe')}
                  inputMode="numeric"
                  autoComplete="off"
                  value={clabe}
                  maxLength={24}
                  required
                  onChange={(e) => setClabe(e.target.value.replace(/[^\d\s-]/g, ''))}
                  onBlur={() => setTouched((v) => ({ ...v, clabe: true }))}
                  error={clabeError}
                  hint={!clabeIssue ? <span className="font-semibold text-success">{t('join.clabeOk')}</span> : t('join.clabeHint')}
                />
                <div className="grid gap-3 sm:grid-cols-2">
                  <TextField label={t('join.bankName')} value={bankName} maxLength={80} onChange={(e) => setBankName(e.target.value)} error={server['bankInfo.bankName']} />
                  <TextField label={t('join.holderName')} value={holderName} maxLength={120} autoComplete="name" onChange={(e) => setHolderName(e.target.value)} error={server['bankInfo.holderName']} />
                </div>
              </div>
            )}
          </fieldset>
          <fieldset className="space-y-3">
            <legend className="mb-2 text-sm font-semibold">
              {t('join.questions')} <span className="font-normal text-muted">· {t('join.optional')}</span>
            </legend>
            {affiliateQuestionIds.map((q) =>
              q === 'how_promote' || q === 'audience' ? (
                <TextareaField key={q} label={t(`questions.${q}`)} rows={2} maxChars={500} value={answers[q]} onChange={(e) => setAnswers((a) => ({ ...a, [q]: e.target.value }))} />
              ) : (
                <TextField key={q} label={t(`questions.${q}`)} maxLength={500} value={answers[q]} onChange={(e) => setAnswers((a) => ({ ...a, [q]: e.target.value }))} />
              ),
            )}
          </fieldset>
          {join.isError ? <Alert title={t('join.failed')}>{errorText(cause)}</Alert> : null}
          <Button type="submit" size="lg" loading={join.isPending}>
            {t('join.submit')}
          </Button>
        </form>
      </Card>
      <ProgramRules />
    </div>
  );
}
