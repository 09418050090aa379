import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../../lib/use-translation.ts';
import type { AudiencePreviewBody, AudiencePreviewResponse } from '@charla/shared';
import { Button, buttonClasses } from '../../../../components/ui/button.tsx';
import { PageHeader } from '../../../../components/ui/page-header.tsx';
import { ChevronLeftIcon } from '../../../../components/ui/icons.tsx';
import { useDebounced } from '../../../../lib/use-debounced.ts';
import type { Bot } from '../../../bots/index.ts';
import { useWhatsappTemplates } from '../../../channels/index.ts';
import { campaignKeys } from '../../api/campaigns-api.ts';
import { isPlanRequired, useAudiencePreview } from '../../api/use-campaigns.ts';
import { campaignPaths } from '../../campaign-paths.ts';
import { creatorSteps, newDraft, previewBody, stepProblems, templateChoice, type CreatorDraft, type CreatorStep } from '../../creator-draft.ts';
import { wallClock } from '@charla/shared/dates';
import { PlanRequiredModal } from '../plan-required.tsx';
import { AudienceStep } from './audience-step.tsx';
import { MessageStep } from './message-step.tsx';
import { ReviewStep } from './review-step.tsx';
import { ScheduleStep } from './schedule-step.tsx';
import { StepIndicator } from './step-indicator.tsx';
import { useConnectedChannels } from './use-connected-channels.ts';

/** The next whole hour in the bot's zone: where a scheduled send starts. */
function nextHour(timeZone: string) {
  const at = new Date(Math.ceil((Date.now() + 60_000) / 3_600_000) * 3_600_000);
  return wallClock(at, timeZone);
}

/**
 * /app/dashboard/{botId}/massive-sender/nueva: the four steps of a campaign (audience with a live
 * count, message with a per-recipient preview, schedule, review with a test send), then create it.
 */
export function CampaignCreator({ bot }: { bot: Bot }) {
  const { t } = useTranslation('campaigns');
  const client = useQueryClient();
  const timeZone = bot.timezone;
  const [draft, setDraft] = useState<CreatorDraft>(() => {
    const { date, time } = nextHour(timeZone);
    return newDraft('whatsapp', date, time);
  });
  const [step, setStep] = useState<CreatorStep>('audience');
  const [reached, setReached] = useState(0);
  const [showProblems, setShowProblems] = useState(false);
  const [planBlocked, setPlanBlocked] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const set = (patch: Partial<CreatorDraft>) => setDraft((current) => ({ ...current, ...patch }));

  // The first connected channel, once they are known (the owner can choose another).
  const channels = useConnectedChannels(bot.id);
  const channelSettled = useRef(false);
  useEffect(() => {
    if (channels.pending || channelSettled.current) return;
    channelSettled.current = true;
    const first = channels.connected[0];
    if (first && !channels.connected.includes(draft.channel)) set({ channel: first, optOutLine: first === 'whatsmeow' });
  }, [channels.pending, channels.connected, draft.channel]);

  // The live count: asked for once the filters stop changing.
  const body = previewBody(draft, bot.id, timeZone);
  const settledKey = useDebounced(JSON.stringify(body), 400);
  const settled = useMemo(() => JSON.parse(settledKey) as AudiencePreviewBody | null, [settledKey]);
  const preview = useAudiencePreview(settled);
  const counting = JSON.stringify(body) !== settledKey || preview.isFetching;
  const previewData = body === null ? undefined : preview.data;
  const onCsvRead = (read: AudiencePreviewResponse, fileName: string) => {
    if (!read.uploadId) return;
    const upload = { id: read.uploadId, fileName };
    client.setQueryData(campaignKeys.preview({ botId: bot.id, channel: draft.channel, audience: { kind: 'csv', uploadId: upload.id } }), read);
    set({ upload });
  };

  const templates = useWhatsappTemplates(bot.id, draft.channel === 'whatsapp');
  const template = templates.data?.find((option) => templateChoice(option) === draft.template) ?? null;

  const planError = [preview.error, templates.error].some(isPlanRequired);
  useEffect(() => {
    if (planError) setPlanBlocked(true);
  }, [planError]);

  const problems = stepProblems(step, draft, { recipients: counting ? null : (previewData?.recipients ?? null), template, timeZone, now: new Date() });
  const index = creatorSteps.indexOf(step);
  const open = (next: CreatorStep) => {
    setStep(next);
    setShowProblems(false);
    requestAnimationFrame(() => heading.current?.focus());
  };
  const goOn = () => {
    if (problems.length > 0) {
      setShowProblems(true);
      return;
    }
    const next = creatorSteps[index + 1];
    if (!next) return;
    setReached((r) => Math.max(r, index + 1));
    open(next);
  };

  const shared = { bot, draft, set, showProblems, problems };
  return (
    <>
      <Link to={campaignPaths.list(bot.id)} className="focus-ring mb-3 inline-flex items-center gap-1 rounded text-sm text-muted hover:text-fg">
        <ChevronLeftIcon className="size-4" />
        {t('creator.back')}
      </Link>
      <PageHeader title={t('creator.title')} description={t('creator.description')} />
      <StepIndicator current={step} reached={reached} onOpen={open} />
      <section aria-labelledby="campaign-step-title" data-step={step}>
        <h2 id="campaign-step-title" ref={heading} tabIndex={-1} className="mb-4 text-lg font-semibold text-fg outline-none">
          {t(`creator.steps.${step}`)}
        </h2>
        {step === 'audience' ? (
          <AudienceStep {...shared} channels={channels} preview={previewData ?? null} previewError={preview.error} counting={counting} onCsvRead={onCsvRead} onPlanRequired={() => setPlanBlocked(true)} />
        ) : step === 'message' ? (
          <MessageStep {...shared} preview={previewData ?? null} templates={templates} template={template} />
        ) : step === 'schedule' ? (
          <ScheduleStep {...shared} preview={previewData ?? null} />
        ) : (
          <ReviewStep {...shared} preview={previewData ?? null} template={template} onPlanRequired={() => setPlanBlocked(true)} />
        )}
      </section>
      {step !== 'review' ? (
        <div className="mt-8 flex flex-col-reverse gap-2 border-t border-line pt-4 sm:flex-row sm:justify-between">
          {index > 0 ? (
            <Button variant="secondary" onClick={() => open(creatorSteps[index - 1]!)}>
              {t('creator.previous')}
            </Button>
          ) : (
            <Link to={campaignPaths.list(bot.id)} className={buttonClasses('secondary')}>
              {t('creator.cancel')}
            </Link>
          )}
          <Button onClick={goOn}>{t('creator.next')}</Button>
        </div>
      ) : (
        <div className="mt-8 border-t border-line pt-4">
          <Button variant="secondary" onClick={() => open('schedule')}>
            {t('creator.previous')}
          </Button>
        </div>
      )}
      <PlanRequiredModal open={planBlocked} onClose={() => setPlanBlocked(false)} />
    </>
  );
}
