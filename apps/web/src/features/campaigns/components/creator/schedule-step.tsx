import { useTranslation } from '../../../../lib/use-translation.ts';
import type { AudiencePreviewResponse } from '@charla/shared';
import { TextField } from '../../../../components/ui/text-field.tsx';
import type { Bot } from '../../../bots/index.ts';
import { formatInZone } from '../../../appointments/index.ts';
import { scheduledAtOf, type CreatorDraft, type StepProblem } from '../../creator-draft.ts';
import { ProblemList, useProblemOf } from './problem-list.tsx';

interface Props {
  bot: Bot;
  draft: CreatorDraft;
  set: (patch: Partial<CreatorDraft>) => void;
  showProblems: boolean;
  problems: StepProblem[];
  preview: AudiencePreviewResponse | null;
}

const whens = ['now', 'later'] as const;

/** Step 3: now, or a day and time of the bot's time zone. */
export function ScheduleStep({ bot, draft, set, showProblems, problems, preview }: Props) {
  const { t, i18n } = useTranslation('campaigns');
  const problemOf = useProblemOf(problems, showProblems);
  const at = scheduledAtOf(draft, bot.timezone);
  const locale = i18n.resolvedLanguage ?? 'es';
  return (
    <div className="max-w-2xl space-y-5">
      <fieldset className="grid gap-2 sm:grid-cols-2">
        <legend className="sr-only">{t('schedule.label')}</legend>
        {whens.map((when) => (
          <label
            key={when}
            className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 text-sm ${draft.when === when ? 'border-highlight bg-highlight/10' : 'border-line bg-card hover:border-highlight/50'}`}
          >
            <input type="radio" name="campaign_when" checked={draft.when === when} onChange={() => set({ when })} className="mt-0.5 size-4 accent-[var(--highlight-color)]" />
            <span>
              <span className="block font-semibold text-fg">{t(`schedule.${when}`)}</span>
              <span className="block text-xs text-muted">{t(`schedule.${when}Hint`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {draft.when === 'later' ? (
        <div className="space-y-3">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField type="date" label={t('schedule.date')} name="campaign_date" value={draft.date} onChange={(event) => set({ date: event.target.value })} error={problemOf('schedule_invalid', 'schedule_past')} />
            <TextField type="time" step={300} label={t('schedule.time')} name="campaign_time" value={draft.time} onChange={(event) => set({ time: event.target.value })} />
          </div>
          <p className="text-sm text-muted">{t('schedule.zone', { zone: bot.timezone })}</p>
          {at && !problems.length ? (
            <p className="rounded-xl border border-highlight/35 bg-highlight/10 px-4 py-3 text-sm text-fg" data-scheduled-at={at}>
              {t('schedule.willSend', { when: formatInZone(at, bot.timezone, locale) })}
            </p>
          ) : null}
        </div>
      ) : null}
      {draft.channel === 'whatsmeow' && preview?.pace.kind === 'human' && preview.pace.businessHoursOnly ? <p className="text-sm text-muted">{t('schedule.businessHours')}</p> : null}
      <ProblemList problems={problems.filter((p) => p !== 'schedule_invalid' && p !== 'schedule_past')} shown={showProblems} />
    </div>
  );
}
