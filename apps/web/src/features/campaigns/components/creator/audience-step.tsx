import { useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../../lib/use-translation.ts';
import type { AudiencePreviewResponse, CampaignChannel, ContactChannel } from '@charla/shared';
import { contactChannels } from '@charla/shared/constants';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { UploadIcon } from '../../../../components/ui/icons.tsx';
import { SelectField } from '../../../../components/ui/select-field.tsx';
import { TabList, tabId, tabPanelId } from '../../../../components/ui/tabs.tsx';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { useFileDrop } from '../../../../components/ui/use-file-drop.ts';
import { errorText } from '../../../../lib/error-text.ts';
import { paths } from '../../../../lib/navigation.ts';
import type { Bot } from '../../../bots/index.ts';
import { useStages } from '../../../crm/index.ts';
import { isPlanRequired, useCsvPreview } from '../../api/use-campaigns.ts';
import { campaignChannelOrder, type CreatorDraft, type StepProblem } from '../../creator-draft.ts';
import { AudienceSummary } from './audience-summary.tsx';
import { ProblemList, useProblemOf } from './problem-list.tsx';
import { intlLocale, numberFormat } from '../../../../lib/intl.ts';

const audienceKinds = ['crm', 'csv'] as const;

interface Props {
  bot: Bot;
  draft: CreatorDraft;
  set: (patch: Partial<CreatorDraft>) => void;
  showProblems: boolean;
  problems: StepProblem[];
  channels: { pending: boolean; connected: CampaignChannel[] };
  preview: AudiencePreviewResponse | null;
  previewError: unknown;
  counting: boolean;
  onCsvRead: (read: AudiencePreviewResponse, fileName: string) => void;
  onPlanRequired: () => void;
}

/** Step 1: the campaign's name, its channel and who receives it (CRM filters or a CSV), with a live count. */
export function AudienceStep({ bot, draft, set, showProblems, problems, channels, preview, previewError, counting, onCsvRead, onPlanRequired }: Props) {
  const { t, i18n } = useTranslation(['campaigns', 'common']);
  const problemOf = useProblemOf(problems, showProblems);
  const stages = useStages(bot.id);
  const csv = useCsvPreview(bot.id);
  const fileInput = useRef<HTMLInputElement>(null);
  const readFile = (file: File | undefined) => {
    if (!file) return;
    csv.mutate(
      { channel: draft.channel, file },
      {
        onSuccess: (read) => onCsvRead(read, file.name),
        onError: (error) => {
          if (isPlanRequired(error)) onPlanRequired();
        },
      },
    );
  };
  const { dragging, dropProps } = useFileDrop((files) => readFile(files[0]), { copy: true });
  const setFilters = (patch: Partial<CreatorDraft['filters']>) => set({ filters: { ...draft.filters, ...patch } });

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-6">
        <TextField
          label={t('audience.name')}
          name="campaign_name"
          placeholder={t('audience.namePlaceholder')}
          value={draft.name}
          onChange={(event) => set({ name: event.target.value })}
          error={problemOf('name_required')}
          className="max-w-xl"
        />

        <fieldset>
          <legend className="mb-2 block text-sm font-medium text-fg">{t('audience.channel')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {campaignChannelOrder.map((channel) => {
              const connected = channels.connected.includes(channel);
              return (
                <label
                  key={channel}
                  className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 text-sm transition has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-55 ${
                    draft.channel === channel ? 'border-highlight bg-highlight/10' : 'border-line bg-card hover:border-highlight/50'
                  }`}
                >
                  <input
                    type="radio"
                    name="campaign_channel"
                    value={channel}
                    checked={draft.channel === channel}
                    disabled={!connected}
                    onChange={() => set({ channel, optOutLine: channel === 'whatsmeow' })}
                    className="mt-0.5 size-4 accent-[var(--highlight-color)]"
                  />
                  <span className="min-w-0">
                    <span className="block font-semibold text-fg">{t(`channels.${channel}`)}</span>
                    <span className="block text-xs text-muted">{connected ? t(`channelHints.${channel}`) : channels.pending ? t('audience.checking') : t('audience.notConnected')}</span>
                  </span>
                </label>
              );
            })}
          </div>
          {!channels.pending && channels.connected.length === 0 ? (
            <Alert tone="info" className="mt-3">
              {t('audience.noChannel')}{' '}
              <Link to={`${paths.bot(bot.id, 'personalizacion')}#canales`} className="font-semibold underline underline-offset-2">
                {t('audience.connect')}
              </Link>
            </Alert>
          ) : null}
        </fieldset>

        <div>
          <div className="border-b border-line">
            <TabList
              tabs={audienceKinds}
              value={draft.audienceKind}
              onChange={(audienceKind) => set({ audienceKind })}
              label={t('audience.kindLabel')}
              idPrefix="audience"
              labelOf={(kind) => t(`audience.kinds.${kind}`)}
            />
          </div>
          <div role="tabpanel" id={tabPanelId('audience', draft.audienceKind)} aria-labelledby={tabId('audience', draft.audienceKind)} className="pt-4">
            {draft.audienceKind === 'crm' ? (
              <div className="space-y-4">
                <p className="text-sm text-muted">{t('audience.crmHint')}</p>
                <fieldset>
                  <legend className="mb-2 block text-sm font-medium text-fg">{t('audience.stages')}</legend>
                  {stages.data?.length ? (
                    <div className="flex flex-wrap gap-2">
                      {stages.data.map((stage) => {
                        const on = draft.filters.stageIds.includes(stage.id);
                        return (
                          <label
                            key={stage.id}
                            className={`inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm ${on ? 'border-highlight bg-highlight/15 text-fg' : 'border-line text-muted hover:text-fg'}`}
                          >
                            <input
                              type="checkbox"
                              className="size-3.5 accent-[var(--highlight-color)]"
                              checked={on}
                              onChange={(event) =>
                                setFilters({ stageIds: event.target.checked ? [...draft.filters.stageIds, stage.id] : draft.filters.stageIds.filter((id) => id !== stage.id) })
                              }
                            />
                            {stage.name}
                          </label>
                        );
                      })}
                    </div>
                  ) : (
                    <p className="text-sm text-muted">{stages.isPending ? t('common:loading') : t('audience.noStages')}</p>
                  )}
                  <p className="mt-1.5 text-xs text-muted">{t('audience.stagesHint')}</p>
                </fieldset>
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField
                    label={t('audience.tags')}
                    hint={t('audience.tagsHint')}
                    name="campaign_tags"
                    value={draft.filters.tags}
                    onChange={(event) => setFilters({ tags: event.target.value })}
                  />
                  <SelectField
                    label={t('audience.contactChannel')}
                    name="campaign_contact_channel"
                    value={draft.filters.channel}
                    onChange={(event) => setFilters({ channel: event.target.value as ContactChannel | '' })}
                    options={[{ value: '', label: t('audience.anyChannel') }, ...contactChannels.map((c) => ({ value: c, label: t(`common:channelNames.${c}`) }))]}
                  />
                  <TextField
                    type="date"
                    label={t('audience.after')}
                    name="campaign_after"
                    value={draft.filters.after}
                    onChange={(event) => setFilters({ after: event.target.value })}
                  />
                  <TextField
                    type="date"
                    label={t('audience.before')}
                    name="campaign_before"
                    value={draft.filters.before}
                    onChange={(event) => setFilters({ before: event.target.value })}
                  />
                </div>
                <p className="text-xs text-muted">{t('audience.datesHint', { zone: bot.timezone })}</p>
              </div>
            ) : (
              <div className="space-y-3">
                <div
                  {...dropProps}
                  className={`rounded-2xl border-2 border-dashed p-6 text-center transition ${dragging ? 'border-highlight bg-highlight/10' : 'border-line'}`}
                >
                  <UploadIcon className="mx-auto mb-2 size-7 text-muted" />
                  <p className="text-sm font-medium text-fg">{draft.upload ? t('audience.csvRead', { name: draft.upload.fileName }) : t('audience.csvDrop')}</p>
                  <p className="mt-1 text-xs text-muted">{t('audience.csvHint')}</p>
                  <input
                    ref={fileInput}
                    type="file"
                    accept=".csv,text/csv"
                    className="sr-only"
                    aria-label={t('audience.csvChoose')}
                    onChange={(event) => {
                      readFile(event.target.files?.[0]);
                      event.target.value = '';
                    }}
                  />
                  <Button variant="secondary" size="sm" className="mt-3" loading={csv.isPending} onClick={() => fileInput.current?.click()}>
                    {draft.upload ? t('audience.csvAnother') : t('audience.csvChoose')}
                  </Button>
                </div>
                {csv.isError && !isPlanRequired(csv.error) ? <Alert tone="error">{errorText(csv.error)}</Alert> : null}
                {problemOf('csv_required') ? <p className="text-sm text-danger">{problemOf('csv_required')}</p> : null}
              </div>
            )}
          </div>
        </div>
      </div>
      {preview && !previewError ? (
        <p className="sticky bottom-3 z-10 -mt-2 rounded-full border border-highlight/40 bg-surface/95 px-4 py-2 text-center text-sm font-semibold text-fg shadow-lg backdrop-blur lg:hidden" aria-hidden="true">
          {counting ? t('audience.count.counting') : t('audience.count.short', { count: preview.recipients, formatted: numberFormat(intlLocale(i18n.resolvedLanguage)).format(preview.recipients) })}
        </p>
      ) : null}
      <AudienceSummary preview={preview} error={isPlanRequired(previewError) ? null : previewError} counting={counting} channel={draft.channel} />
      <div className="lg:col-span-2">
        <ProblemList problems={problems.filter((p) => p !== 'name_required' && p !== 'csv_required')} shown={showProblems} />
      </div>
    </div>
  );
}
