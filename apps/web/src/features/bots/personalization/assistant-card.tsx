import { useTranslation } from '../../../lib/use-translation.ts';
import { botLimits, personalities, purposeCodes, responseLengths, tones } from '@charla/shared/constants';
import type { Bot as ServerBot, UpdateBotBody } from '@charla/shared';
import { BotIcon } from '../../../components/ui/icons.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { updateBot } from '../api/bot-calls.ts';
import type { Bot } from '../bot.ts';
import { checkText, type SettingProblem } from './settings-rules.ts';
import { TimeZoneSelect } from './time-zone-select.tsx';
import { ChoiceGroup } from '../wizard/choice-group.tsx';
import { SectionCard } from './section-card.tsx';
import { changedFields, compactProblems, useProblemText, useSectionForm } from './use-settings.ts';

type Values = Pick<
  ServerBot,
  'bot_name' | 'purpose' | 'tone' | 'personality' | 'identity' | 'response_length' | 'language' | 'timezone' | 'about_bot'
>;
const pick = (bot: ServerBot): Values => ({
  bot_name: bot.bot_name,
  purpose: bot.purpose,
  tone: bot.tone,
  personality: bot.personality,
  identity: bot.identity,
  response_length: bot.response_length,
  language: bot.language,
  timezone: bot.timezone,
  about_bot: bot.about_bot,
});

const identityKey = { Humano: 'human', 'Inteligencia Artificial': 'ai' } as const;

/** Asistente: name, purpose, tone, personality, identity, answer length, language, time zone, extra instructions. */
export function AssistantCard({ bot, readOnly }: { bot: Bot; readOnly: boolean }) {
  const { t } = useTranslation('bots');
  const text = useProblemText();
  const { draft, set, problems, setProblems, save, card } = useSectionForm<Values, UpdateBotBody, Partial<Record<keyof Values, SettingProblem>>>({
    values: pick(bot),
    noProblems: {},
    call: updateBot,
    savedValues: pick,
  });
  const errorOf = (field: keyof Values) => text(problems[field]) ?? save.fields[field];
  const choose = <K extends keyof Values>(field: K) => (value: string) => set(field, value as Values[K]);


  const submit = () => {
    const found = compactProblems<keyof Values>({
      bot_name: checkText(draft.bot_name, { required: true, max: botLimits.name }),
      about_bot: checkText(draft.about_bot, { max: botLimits.about }),
    });
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const body: UpdateBotBody = changedFields({ ...draft, bot_name: draft.bot_name.trim(), about_bot: draft.about_bot.trim() }, pick(bot));
    save.mutate({ botId: bot.id, body });
  };

  return (
    <SectionCard
      id="asistente"
      icon={<BotIcon className="size-5" />}
      title={t('personalization.assistant.title')}
      description={t('personalization.assistant.description')}
      readOnly={readOnly}
      {...card}
      onSubmit={submit}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('fields.botName')}
          name="bot_name"
          maxLength={botLimits.name}
          value={draft.bot_name}
          onChange={(event) => {
            set('bot_name', event.target.value);
            setProblems((current) => ({ ...current, bot_name: undefined }));
          }}
          error={errorOf('bot_name')}
        />
        <SelectField
          label={t('fields.purpose')}
          name="purpose"
          value={draft.purpose}
          onChange={(event) => choose('purpose')(event.target.value)}
          error={errorOf('purpose')}
          options={purposeCodes.map((code) => ({ value: code, label: t(`purposeTitles.${code}`) }))}
        />
      </div>
      <ChoiceGroup
        name="tone"
        legend={t('fields.tone')}
        choices={tones.map((value) => ({ value, title: t(`tones.${value}.title`), description: t(`tones.${value}.description`) }))}
        value={draft.tone}
        onChange={choose('tone')}
        error={errorOf('tone')}
      />
      <ChoiceGroup
        name="personality"
        legend={t('fields.personality')}
        choices={personalities.map((value) => ({ value, title: t(`personalities.${value}.title`), description: t(`personalities.${value}.description`) }))}
        value={draft.personality}
        onChange={choose('personality')}
        error={errorOf('personality')}
      />
      <ChoiceGroup
        name="identity"
        legend={t('fields.identity')}
        columns={2}
        choices={(['Inteligencia Artificial', 'Humano'] as const).map((value) => ({
          value,
          title: t(`identities.${identityKey[value]}.title`),
          description: t(`identities.${identityKey[value]}.description`),
        }))}
        value={draft.identity}
        onChange={choose('identity')}
        error={errorOf('identity')}
      />
      <ChoiceGroup
        name="response_length"
        legend={t('fields.responseLength')}
        choices={responseLengths.map((value) => ({ value, title: t(`responseLengths.${value}.title`), description: t(`responseLengths.${value}.description`) }))}
        value={draft.response_length}
        onChange={choose('response_length')}
        error={errorOf('response_length')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label={t('fields.language')}
          name="language"
          value={draft.language}
          onChange={(event) => choose('language')(event.target.value)}
          error={errorOf('language')}
          hint={t('personalization.assistant.languageHint')}
          options={[
            { value: 'es', label: t('languages.es') },
            { value: 'en', label: t('languages.en') },
          ]}
        />
        <TimeZoneSelect
          value={draft.timezone}
          onChange={choose('timezone')}
          error={errorOf('timezone')}
          hint={t('personalization.assistant.timezoneHint')}
        />
      </div>
      <TextareaField
        label={t('fields.aboutBot')}
        name="about_bot"
        rows={4}
        maxChars={botLimits.about}
        placeholder={t('personalization.assistant.aboutPlaceholder')}
        hint={t('personalization.assistant.aboutHint')}
        value={draft.about_bot}
        onChange={(event) => {
          set('about_bot', event.target.value);
          setProblems((current) => ({ ...current, about_bot: undefined }));
        }}
        error={errorOf('about_bot')}
      />
    </SectionCard>
  );
}
