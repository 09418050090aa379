import { useRef, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '../../../../lib/use-translation.ts';
import type { AudiencePreviewResponse, WhatsappTemplateOption } from '@charla/shared';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { SelectField } from '../../../../components/ui/select-field.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { Switch } from '../../../../components/ui/switch.tsx';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { TextareaField } from '../../../../components/ui/textarea-field.tsx';
import { errorText } from '../../../../lib/error-text.ts';
import { botLabel, type Bot } from '../../../bots/index.ts';
import { isCampaignTemplate, needsHeaderMedia, templateChoice, type CreatorDraft, type StepProblem } from '../../creator-draft.ts';
import { insertAt, unknownVariables } from '../../message-preview.ts';
import { HumanPaceNotice } from '../human-pace-notice.tsx';
import { MessagePreview } from '../message-preview-phone.tsx';
import { MediaFields } from './media-fields.tsx';
import { ProblemList, useProblemOf } from './problem-list.tsx';
import { VariableChips } from './variable-chips.tsx';

interface Props {
  bot: Bot;
  draft: CreatorDraft;
  set: (patch: Partial<CreatorDraft>) => void;
  showProblems: boolean;
  problems: StepProblem[];
  preview: AudiencePreviewResponse | null;
  templates: UseQueryResult<WhatsappTemplateOption[]>;
  template: WhatsappTemplateOption | null;
}

/** Step 2: what the campaign says — an approved template on WhatsApp Cloud, a text (and file) elsewhere — beside a phone showing it to each recipient. */
export function MessageStep({ bot, draft, set, showProblems, problems, preview, templates, template }: Props) {
  const { t } = useTranslation('campaigns');
  const problemOf = useProblemOf(problems, showProblems);
  const variables = preview?.variables ?? [];
  const caret = useRef<number | null>(null);
  const [focusedVariable, setFocusedVariable] = useState(0);
  const unknown = draft.channel === 'whatsapp' ? draft.bodyVariables.flatMap((v) => unknownVariables(v, variables)) : unknownVariables(draft.text, variables);

  const writeVariable = (token: string) => {
    if (draft.channel === 'whatsapp') {
      const values = [...draft.bodyVariables];
      values[focusedVariable] = `${values[focusedVariable] ?? ''}${token}`;
      set({ bodyVariables: values });
      return;
    }
    const next = insertAt(draft.text, token, caret.current);
    caret.current = next.caret;
    set({ text: next.text });
  };

  return (
    <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_19rem]">
      <div className="min-w-0 space-y-5">
        {draft.channel === 'whatsapp' ? (
          <TemplateFields
            draft={draft}
            set={set}
            templates={templates}
            template={template}
            problemOf={problemOf}
            variables={variables}
            onFocusVariable={setFocusedVariable}
            onPickVariable={writeVariable}
          />
        ) : (
          <>
            {draft.channel === 'whatsmeow' ? <HumanPaceNotice pace={preview?.pace ?? null} /> : <Alert tone="info">{t('message.windowNotice')}</Alert>}
            <TextareaField
              label={t('message.text')}
              name="campaign_text"
              rows={6}
              placeholder={t('message.textPlaceholder', { example: '{{nombre}}' })}
              value={draft.text}
              onChange={(event) => {
                caret.current = event.target.selectionStart;
                set({ text: event.target.value });
              }}
              onSelect={(event) => {
                caret.current = event.currentTarget.selectionStart;
              }}
              error={problemOf('text_required')}
            />
            <VariableChips variables={variables} onPick={writeVariable} />
            {draft.channel === 'whatsmeow' ? (
              <>
                <fieldset className="space-y-2">
                  <legend className="text-sm font-medium text-fg">{t('message.media.title')}</legend>
                  <p className="text-xs text-muted">{t('message.media.optional')}</p>
                  <MediaFields media={draft.media} onChange={(media) => set({ media })} error={problemOf('media_url')} name="campaign_media" />
                </fieldset>
                <div className="rounded-xl border border-line p-3">
                  <Switch checked={draft.optOutLine} onChange={(optOutLine) => set({ optOutLine })} label={t('message.optOut.label')} />
                  <p className="mt-1.5 text-xs text-muted">{t('message.optOut.hint')}</p>
                </div>
              </>
            ) : null}
          </>
        )}
        {unknown.length > 0 ? <Alert tone="info">{t('message.unknownVariables', { names: unknown.map((n) => `{{${n}}}`).join(', ') })}</Alert> : null}
        <ProblemList problems={problems.filter((p) => p !== 'text_required' && p !== 'media_url')} shown={showProblems} />
      </div>
      <div className="lg:sticky lg:top-20">
        <MessagePreview business={bot.business_name.trim() || botLabel(bot, '')} botLocale={bot.language} formal={bot.tone === 'Formal'} draft={draft} template={template} sample={preview?.sample ?? []} />
      </div>
    </div>
  );
}

function TemplateFields({
  draft,
  set,
  templates,
  template,
  problemOf,
  variables,
  onFocusVariable,
  onPickVariable,
}: {
  draft: CreatorDraft;
  set: (patch: Partial<CreatorDraft>) => void;
  templates: UseQueryResult<WhatsappTemplateOption[]>;
  template: WhatsappTemplateOption | null;
  problemOf: (...which: StepProblem[]) => string | undefined;
  variables: readonly string[];
  onFocusVariable: (index: number) => void;
  onPickVariable: (token: string) => void;
}) {
  const { t } = useTranslation('campaigns');
  if (templates.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted">
        <Spinner className="size-4" />
        {t('message.templates.loading')}
      </p>
    );
  }
  if (templates.isError) {
    return (
      <Alert tone="error">
        <span className="inline-flex flex-wrap items-center gap-3">
          {errorText(templates.error)}
          <Button size="sm" variant="secondary" onClick={() => void templates.refetch()}>
            {t('actions.retry')}
          </Button>
        </span>
      </Alert>
    );
  }
  const usable = templates.data.filter(isCampaignTemplate);
  if (usable.length === 0) return <Alert tone="info">{t('message.templates.none')}</Alert>;
  const count = template?.variables ?? 0;
  const mediaHeader = template ? needsHeaderMedia(template) || (template.problem === 'TOO_MANY_VARIABLES' && template.header === null) : false;
  return (
    <>
      <Alert tone="info">{t('message.templates.notice')}</Alert>
      <SelectField
        label={t('message.templates.label')}
        name="campaign_template"
        value={draft.template}
        onChange={(event) => set({ template: event.target.value, bodyVariables: [], headerMedia: null })}
        error={problemOf('template_required')}
        options={[{ value: '', label: t('message.templates.choose') }, ...usable.map((option) => ({ value: templateChoice(option), label: `${option.name} (${option.language})` }))]}
      />
      {template ? (
        <>
          <div className="rounded-xl border border-line bg-card p-3 text-sm">
            <p className="mb-1 text-xs font-semibold text-muted uppercase">{t('message.templates.body')}</p>
            <p className="whitespace-pre-line text-fg">{template.body}</p>
          </div>
          {count > 0 ? (
            <fieldset className="space-y-3">
              <legend className="text-sm font-medium text-fg">{t('message.templates.variables')}</legend>
              <p className="text-xs text-muted">{t('message.templates.variablesHint', { example: '{{nombre}}' })}</p>
              {Array.from({ length: count }, (_, i) => (
                <TextField
                  key={i}
                  label={t('message.templates.variable', { n: i + 1 })}
                  name={`campaign_variable_${i + 1}`}
                  value={draft.bodyVariables[i] ?? ''}
                  onFocus={() => onFocusVariable(i)}
                  onChange={(event) => {
                    const values = [...draft.bodyVariables];
                    while (values.length < count) values.push('');
                    values[i] = event.target.value;
                    set({ bodyVariables: values });
                  }}
                  error={problemOf('variable_required') && !(draft.bodyVariables[i] ?? '').trim() ? problemOf('variable_required') : undefined}
                />
              ))}
              <VariableChips variables={variables} onPick={onPickVariable} />
            </fieldset>
          ) : null}
          {mediaHeader ? (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-fg">{t('message.templates.headerMedia')}</legend>
              <p className="text-xs text-muted">{needsHeaderMedia(template) ? t('message.templates.headerMediaRequired') : t('message.templates.headerMediaMaybe')}</p>
              <MediaFields media={draft.headerMedia} onChange={(headerMedia) => set({ headerMedia })} error={problemOf('header_media_required', 'media_url')} name="campaign_header" />
            </fieldset>
          ) : null}
        </>
      ) : null}
    </>
  );
}
