import { useTranslation } from '../../../lib/use-translation.ts';
import { botLimits } from '@charla/shared/constants';
import type { UpdateBotBody } from '@charla/shared';
import { ChatIcon } from '../../../components/ui/icons.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { updateBot } from '../api/bot-calls.ts';
import { botLabel, type Bot } from '../bot.ts';
import { checkText, type SettingProblem } from './settings-rules.ts';
import { ChatPreview } from './chat-preview.tsx';
import { SectionCard } from './section-card.tsx';
import { useProblemText, useSectionForm } from './use-settings.ts';

/** Mensaje de bienvenida: the first message customers get, with a chat-bubble preview. */
export function WelcomeCard({ bot, readOnly }: { bot: Bot; readOnly: boolean }) {
  const { t } = useTranslation('bots');
  const text = useProblemText();
  const { draft, set, problems: problem, setProblems: setProblem, save, card } = useSectionForm<{ welcome_message: string }, UpdateBotBody, SettingProblem | undefined>({
    values: { welcome_message: bot.welcome_message },
    noProblems: undefined,
    call: updateBot,
    savedValues: (saved) => ({ welcome_message: saved.welcome_message }),
  });
  const message = draft.welcome_message.trim();

  const submit = () => {
    const found = checkText(draft.welcome_message, { max: botLimits.welcome });
    setProblem(found);
    if (!found) save.mutate({ botId: bot.id, body: { welcome_message: message } });
  };

  return (
    <SectionCard
      id="bienvenida"
      icon={<ChatIcon className="size-5" />}
      title={t('personalization.welcome.title')}
      description={t('personalization.welcome.description')}
      readOnly={readOnly}
      {...card}
      onSubmit={submit}
    >
      <div className="grid items-start gap-5 md:grid-cols-[minmax(0,1fr)_18rem]">
        <TextareaField
          label={t('fields.welcomeMessage')}
          name="welcome_message"
          rows={5}
          maxChars={botLimits.welcome}
          placeholder={t('personalization.welcome.placeholder', { name: botLabel(bot, t('personalization.unnamed')), company: bot.business_name })}
          hint={t('personalization.welcome.hint')}
          value={draft.welcome_message}
          onChange={(event) => {
            set('welcome_message', event.target.value);
            setProblem(undefined);
          }}
          error={text(problem) ?? save.fields.welcome_message}
        />
        <ChatPreview
          name={botLabel(bot, t('personalization.unnamed'))}
          status={t('personalization.welcome.online')}
          label={t('personalization.welcome.previewLabel')}
          empty={message === ''}
        >
          {message || t('personalization.welcome.previewEmpty')}
        </ChatPreview>
      </div>
    </SectionCard>
  );
}
