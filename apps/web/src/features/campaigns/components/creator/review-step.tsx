import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../../lib/use-translation.ts';
import type { AudiencePreviewResponse, CampaignTestResponse, WhatsappTemplateOption } from '@charla/shared';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import { SendIcon } from '../../../../components/ui/icons.tsx';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { errorText, fieldErrors } from '../../../../lib/error-text.ts';
import { phoneProblem, phoneProblemKey, phoneToSend, usePhoneRules } from '../../../../lib/phone-input.ts';
import { useCurrentUser } from '../../../auth/index.ts';
import { botLabel, type Bot } from '../../../bots/index.ts';
import { formatInZone } from '../../../appointments/index.ts';
import { isPlanRequired, useCampaignAction, useCreateCampaign, useTestSend } from '../../api/use-campaigns.ts';
import { campaignPaths } from '../../campaign-paths.ts';
import { createBody, scheduledAtOf, tagsOf, type CreatorDraft, type StepProblem } from '../../creator-draft.ts';
import { MessagePreview } from '../message-preview-phone.tsx';
import { useDurationText } from '../use-duration-text.ts';
import { useReasonText } from '../use-reason-text.ts';
import { intlLocale, numberFormat } from '../../../../lib/intl.ts';

interface Props {
  bot: Bot;
  draft: CreatorDraft;
  set: (patch: Partial<CreatorDraft>) => void;
  showProblems: boolean;
  problems: StepProblem[];
  preview: AudiencePreviewResponse | null;
  template: WhatsappTemplateOption | null;
  onPlanRequired: () => void;
}

/**
 * Step 4: everything in one place, with the estimated duration at the number's pace; a test to the
 * owner's own phone first (it saves the campaign as a draft), then send it now or schedule it.
 */
export function ReviewStep({ bot, draft, preview, template, onPlanRequired }: Props) {
  const { t, i18n } = useTranslation(['campaigns', 'common']);
  const locale = i18n.resolvedLanguage ?? 'es';
  const navigate = useNavigate();
  const user = useCurrentUser();
  usePhoneRules();
  const duration = useDurationText();
  const reasonText = useReasonText();
  const create = useCreateCampaign();
  const act = useCampaignAction();
  const test = useTestSend();
  const [saved, setSaved] = useState<{ id: string; key: string } | null>(null);
  const [phone, setPhone] = useState(user.phone_number ?? '');
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [tested, setTested] = useState<CampaignTestResponse | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const body = createBody(draft, bot.id, bot.timezone);
  const key = JSON.stringify(body);
  const at = scheduledAtOf(draft, bot.timezone);
  const number = numberFormat(intlLocale(locale));
  const busy = create.isPending || act.isPending || test.isPending;

  const failed = (error: unknown) => {
    if (isPlanRequired(error)) onPlanRequired();
    else setFailure(error);
  };

  /** The campaign saved with what the review shows (saved again if the owner changed it since). */
  const ensureSaved = async (): Promise<string> => {
    if (saved && saved.key === key) return saved.id;
    if (!body) throw new Error('audience missing');
    if (saved) act.mutate({ id: saved.id, action: 'cancel' });
    const campaign = await create.mutateAsync(body);
    setSaved({ id: campaign.id, key });
    return campaign.id;
  };

  const sendTest = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setTested(null);
    const problem = phone.trim() ? phoneProblem(phone) : 'phone';
    setPhoneError(problem ? t(`common:${phoneProblemKey(problem)}`) : undefined);
    if (problem) return;
    try {
      const id = await ensureSaved();
      setTested(await test.mutateAsync({ id, phone: phoneToSend(phone) }));
    } catch (error) {
      failed(error);
    }
  };

  const launch = async () => {
    setFailure(null);
    try {
      const id = await ensureSaved();
      if (!at) await act.mutateAsync({ id, action: 'start' });
      void navigate(campaignPaths.one(bot.id, id));
    } catch (error) {
      failed(error);
    }
  };

  const filters = draft.filters;
  const tags = tagsOf(filters.tags);
  const audience =
    draft.audienceKind === 'csv'
      ? t('review.csvAudience', { name: draft.upload?.fileName ?? '' })
      : [
          t('review.crmAudience'),
          filters.stageIds.length ? t('review.stages', { count: filters.stageIds.length }) : null,
          tags.length ? t('review.tags', { tags: tags.join(', ') }) : null,
          filters.channel ? t(`common:channelNames.${filters.channel}`) : null,
          filters.after ? t('review.after', { day: filters.after }) : null,
          filters.before ? t('review.before', { day: filters.before }) : null,
        ]
          .filter(Boolean)
          .join(' · ');
  const fields = fieldErrors(failure);
  const rows: [string, string][] = [
    [t('review.name'), draft.name.trim()],
    [t('review.channel'), t(`channels.${draft.channel}`)],
    [t('review.audience'), audience],
    [t('review.recipients'), preview ? number.format(preview.recipients) : '—'],
    [t('review.message'), draft.channel === 'whatsapp' ? (template ? `${template.name} (${template.language})` : '—') : t('review.textMessage')],
    [t('review.when'), at ? formatInZone(at, bot.timezone, locale) : t('review.now')],
    [t('review.duration'), preview ? duration(preview.estimatedSeconds) : '—'],
  ];

  return (
    <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_19rem]">
      <div className="min-w-0 space-y-5">
        <Card className="p-4 sm:p-5">
          <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
            {rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted">{label}</dt>
                <dd className="mb-2 min-w-0 font-medium break-words text-fg sm:mb-0">{value}</dd>
              </div>
            ))}
          </dl>
          {preview && preview.pace.kind === 'rate' ? (
            <p className="mt-3 border-t border-line pt-3 text-xs text-muted">{t('review.ratePace', { rate: number.format(preview.pace.perSecond) })}</p>
          ) : preview && preview.pace.kind === 'human' ? (
            <p className="mt-3 border-t border-line pt-3 text-xs text-muted">{t('review.humanPace', { min: preview.pace.minSeconds, max: preview.pace.maxSeconds, cap: preview.pace.dailyCap })}</p>
          ) : null}
        </Card>

        <form onSubmit={(event) => void sendTest(event)} className="space-y-3 rounded-2xl border border-line p-4 sm:p-5" aria-labelledby="campaign-test-title">
          <h3 id="campaign-test-title" className="font-semibold text-fg">
            {t('review.testTitle')}
          </h3>
          <p className="text-sm text-muted">{t('review.testHint')}</p>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
            <TextField
              type="tel"
              autoComplete="tel"
              label={t('review.testPhone')}
              name="campaign_test_phone"
              className="min-w-0 flex-1"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              error={phoneError ?? fields.phone}
            />
            <Button type="submit" variant="secondary" className="sm:mt-[1.625rem]" loading={test.isPending || (create.isPending && !act.isPending)} disabled={busy} icon={<SendIcon className="size-4" />}>
              {t('review.sendTest')}
            </Button>
          </div>
          {tested ? (
            tested.status === 'sent' ? (
              <Alert tone="success" title={t('review.testSent')}>
                <p className="whitespace-pre-line">{tested.preview}</p>
              </Alert>
            ) : (
              <Alert tone="error" title={t('review.testFailed')}>
                {tested.reason ? reasonText(tested.reason, tested.metaCode) : null}
              </Alert>
            )
          ) : null}
        </form>

        {failure ? (
          <Alert tone="error">
            {errorText(failure)}
            {Object.keys(fields).length ? (
              <ul className="mt-1 list-disc ps-4">
                {Object.entries(fields).map(([field, message]) => (
                  <li key={field}>{message}</li>
                ))}
              </ul>
            ) : null}
          </Alert>
        ) : null}

        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button size="lg" onClick={() => void launch()} loading={busy && !test.isPending} disabled={busy || !body || !preview?.recipients} icon={<SendIcon className="size-4" />}>
            {at ? t('review.schedule') : t('review.sendNow', { count: preview?.recipients ?? 0, formatted: number.format(preview?.recipients ?? 0) })}
          </Button>
        </div>
      </div>
      <div className="lg:sticky lg:top-20">
        <MessagePreview business={bot.business_name.trim() || botLabel(bot, '')} botLocale={bot.language} formal={bot.tone === 'Formal'} draft={draft} template={template} sample={preview?.sample ?? []} />
      </div>
    </div>
  );
}
