import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { botLimits, cardTemplates, isIanaTimeZone, personalities, templatePurpose, tones, type TemplateKey } from '@charla/shared/constants';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ArrowRightIcon, BotIcon } from '../../../components/ui/icons.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { paths } from '../../../lib/navigation.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api.ts';
import { safeLocalStorage } from '../../../lib/storage-keys.ts';
import { setBotLimitReached } from '../../realtime/realtime-store.ts';
import { updateBot } from '../api/bot-calls.ts';
import { botCallDeps, refetchBots, storeBotInCache } from '../api/use-bots.ts';
import { storeSelectedBotId } from '../selected-bot.ts';
import { cardKeyOf, isCardTemplate } from '../template-labels.ts';
import { markTourPending } from '../tour/tour-records.ts';
import { defaultBotTimeZone, styleFromWizard, submitBot, type AnsweredError, type SubmitDeps } from './create-bot.ts';
import { hasProblems, validateStep, validateWizard, type FieldProblems } from './wizard-rules.ts';
import { createWizardState, stepOfField, wizardReducer, wizardStepAt, wizardSteps, type WizardField } from './wizard-state.ts';
import { useProblemText } from '../personalization/use-settings.ts';
import { TemplateIcon } from '../components/template-icons.tsx';
import { TimeZoneField } from './time-zone-field.tsx';
import { ChoiceGroup } from './choice-group.tsx';
import { WizardProgress } from './wizard-progress.tsx';

/** Server field names of the creation payload → the wizard field that holds them. */
const wizardFieldOf: Record<string, WizardField> = {
  bot_name: 'bot_name',
  bot_objective: 'speciality',
  business_name: 'company',
  business_desc: 'business_description',
  business_url: 'url_company',
};

/** The creation call through the app's client; an error answer comes back as its body (the status is not checked). */
const postCreation: SubmitDeps['post'] = (path, body) =>
  api.post<unknown>(path, body).catch((error: unknown) => {
    if (isApiError(error) && error.status > 0) {
      return { error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } };
    }
    throw error;
  });

type ServerFields = Partial<Record<WizardField, string>>;

function without<T extends object>(record: T, key: keyof T): T {
  if (!(key in record)) return record;
  const copy = { ...record };
  delete copy[key];
  return copy;
}

/** After a refused submit: the first field (or group of choices) with a problem, in screen order, gets the focus. */
function focusFirstInvalid(fields: readonly WizardField[]) {
  requestAnimationFrame(() => {
    const order = Object.keys(stepOfField) as WizardField[];
    const first = [...fields].sort((a, b) => stepOfField[a] - stepOfField[b] || order.indexOf(a) - order.indexOf(b))[0];
    if (first) document.querySelector<HTMLElement>(`form [name="${first}"]`)?.focus();
  });
}

/** The creation wizard: 1 the business, 2 the assistant, 3 its style; then the new bot's personalization with the tour. */
export function BotWizard({ template, clientId, backTo, limit }: { template: TemplateKey; clientId: string | null; backTo: string; limit: number | null }) {
  const { t } = useTranslation(['bots', 'common']);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(wizardReducer, template, (speciality) => createWizardState({ speciality }));
  const [problems, setProblems] = useState<FieldProblems>({});
  const [serverFields, setServerFields] = useState<ServerFields>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [timeZone, setTimeZone] = useState(() => defaultBotTimeZone());
  const [timeZoneProblem, setTimeZoneProblem] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(state.step);

  // A new screen: back to the top, with the focus on its heading.
  useEffect(() => {
    if (shownStep.current === state.step) return;
    shownStep.current = state.step;
    headingRef.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [state.step]);

  const { form } = state;
  const step = wizardStepAt(state.step);
  const speciality = isCardTemplate(form.speciality) ? form.speciality : template;
  const specialityCard = cardKeyOf(speciality);
  const lastStep = wizardSteps.length;

  const problemText = useProblemText();
  const errorOf = (field: WizardField) => serverFields[field] ?? problemText(problems[field]);
  const set = (field: WizardField) => (value: string) => {
    dispatch({ type: 'setField', field, value });
    setProblems((current) => without(current, field));
    setServerFields((current) => without(current, field));
  };
  const input = (field: WizardField) => ({
    value: form[field],
    onChange: (event: { target: { value: string } }) => set(field)(event.target.value),
    error: errorOf(field),
  });

  /** Back to the screen that holds a field. */
  const goBackTo = (target: number) => {
    for (let current = state.step; current > target; current -= 1) dispatch({ type: 'previous' });
  };

  const leave = () => {
    // Back where the owner came from when that was inside the app, else to the templates.
    if (location.key !== 'default') navigate(-1);
    else navigate(backTo, { replace: true });
  };

  const previous = () => {
    dispatch({ type: 'previous' });
    if (state.step - 1 < 1) leave();
  };

  const next = () => {
    if (step === 'business' && !isIanaTimeZone(timeZone)) {
      setTimeZoneProblem(true);
      return;
    }
    const found = validateStep(state.step, form);
    setProblems(found);
    dispatch({ type: 'setValid', valid: !hasProblems(found) });
    dispatch({ type: 'next' });
  };

  const failWith = (error: AnsweredError | undefined) => {
    if (error?.code === 'BOT_LIMIT_REACHED') setBotLimitReached(limit === null ? {} : { limit });
    const mapped: ServerFields = {};
    for (const [name, message] of Object.entries(error?.fields ?? {})) {
      const field = wizardFieldOf[name];
      if (field) mapped[field] = message;
    }
    setServerFields(mapped);
    setFailure(error?.message || t('bots:wizard.failed'));
    const steps = Object.keys(mapped).map((field) => stepOfField[field as WizardField]);
    if (steps.length > 0) goBackTo(Math.min(...steps));
  };

  const submit = async () => {
    const found = validateWizard(form);
    const valid = !hasProblems(found);
    setProblems(found);
    setFailure(null);
    dispatch({ type: 'setValid', valid });
    if (!valid) {
      const fields = Object.keys(found) as WizardField[];
      goBackTo(Math.min(...fields.map((field) => stepOfField[field])));
      focusFirstInvalid(fields);
      return;
    }
    setSubmitting(true);
    try {
      const result = await submitBot({ form, isValid: valid }, { post: postCreation, storage: safeLocalStorage(), clientId });
      if (!result.success) {
        failWith(result.error);
        return;
      }
      const { botId, bot } = result;
      markTourPending(botId, 'personalizacion');
      storeSelectedBotId(botId);
      storeBotInCache(queryClient, bot);
      const style = styleFromWizard(form, timeZone);
      if (Object.keys(style).length > 0) {
        try {
          storeBotInCache(queryClient, await updateBot(botId, style, botCallDeps));
        } catch {
          showToast(t('bots:wizard.styleNotSaved'), 'error', 8000);
        }
      }
      void refetchBots(queryClient);
      showToast(t('bots:wizard.created', { name: bot.bot_name }), 'success');
      navigate({ pathname: paths.bot(botId, 'personalizacion'), search: '?guide=true' });
    } catch (error) {
      console.error(error);
      setFailure(t('bots:wizard.failed'));
    } finally {
      setSubmitting(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    if (state.step < lastStep) next();
    else void submit();
  };

  if (!step) return null;

  // The greeting depends on the tone and the identity: nothing is shown before both are chosen.
  const styleChosen = (tones as readonly string[]).includes(form.communication) && (form.isHuman === 'true' || form.isHuman === 'false');
  const tone = (tones as readonly string[]).includes(form.communication) ? form.communication : 'Semiformal';
  const identity = form.isHuman === 'true' ? 'human' : 'ai';
  const greeting = t(`bots:wizard.preview.${tone as (typeof tones)[number]}.${identity}`, {
    name: form.bot_name.trim() || t('bots:wizard.preview.defaultName'),
    company: form.company.trim() || t('bots:wizard.preview.defaultCompany'),
  });

  return (
    <div className="mx-auto max-w-2xl animate-rise">
      <Link to={backTo} className="focus-ring -ms-1 inline-flex items-center gap-1.5 rounded-lg px-1 py-1 text-sm font-medium text-muted hover:text-fg">
        <ArrowRightIcon className="size-4 rotate-180" />
        {t('bots:wizard.backToTemplates')}
      </Link>
      <header className="mt-3 mb-6 flex items-center gap-4">
        <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-brand-gradient text-white shadow-lg shadow-brand-violet/30">
          <TemplateIcon template={speciality} className="size-6" />
        </span>
        <div className="min-w-0">
          <h1 className="text-balance text-2xl font-bold tracking-tight sm:text-3xl">{t('bots:wizard.title')}</h1>
          <p className="mt-0.5 truncate text-sm text-muted">
            {t('bots:wizard.templateLabel')} <span className="font-semibold text-fg">{specialityCard ? t(`bots:${specialityCard}.title`) : speciality}</span>
          </p>
        </div>
      </header>

      <Card className="p-5 sm:p-8">
        <WizardProgress step={state.step} labels={wizardSteps.map((name) => t(`bots:wizard.steps.${name}`))} />

        <form noValidate onSubmit={onSubmit} className="mt-8">
          <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold tracking-tight outline-none">
            {t(`bots:wizard.${step}.title`)}
          </h2>
          <p className="mt-1 text-pretty text-sm text-muted">{t(`bots:wizard.${step}.body`)}</p>

          {failure ? (
            <Alert tone="error" className="mt-5">
              {failure}
            </Alert>
          ) : null}

          <div className="mt-6 space-y-5">
            {step === 'business' ? (
              <>
                <TextField
                  label={t('bots:fields.company')}
                  name="company"
                  autoComplete="organization"
                  placeholder={t('bots:wizard.business.companyPlaceholder')}
                  maxLength={botLimits.business}
                  {...input('company')}
                />
                <TextField
                  label={t('bots:fields.urlOptional')}
                  name="url_company"
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  placeholder="https://"
                  hint={t('bots:wizard.business.urlHint')}
                  {...input('url_company')}
                />
                <TextareaField
                  label={t('bots:fields.descriptionOptional')}
                  name="business_description"
                  rows={5}
                  placeholder={t('bots:wizard.business.descriptionPlaceholder')}
                  hint={t('bots:wizard.business.descriptionHint')}
                  maxChars={botLimits.desc}
                  {...input('business_description')}
                />
                <TimeZoneField
                  value={timeZone}
                  onChange={(zone) => {
                    setTimeZone(zone);
                    setTimeZoneProblem(false);
                  }}
                  error={timeZoneProblem ? t('bots:wizard.business.timezoneInvalid') : undefined}
                />
              </>
            ) : null}

            {step === 'assistant' ? (
              <>
                <TextField
                  label={t('bots:fields.botName')}
                  name="bot_name"
                  autoComplete="off"
                  placeholder={t('bots:wizard.assistant.namePlaceholder')}
                  hint={t('bots:wizard.assistant.nameHint')}
                  maxLength={botLimits.name}
                  {...input('bot_name')}
                />
                <SelectField
                  label={t('bots:fields.speciality')}
                  name="speciality"
                  value={speciality}
                  onChange={(event) => set('speciality')(event.target.value)}
                  error={errorOf('speciality')}
                  hint={t('bots:wizard.assistant.specialityHint', { purpose: t(`bots:purposes.${templatePurpose[speciality]}`) })}
                  options={cardTemplates.map((key) => ({ value: key, label: t(`bots:${cardKeyOf(key)!}.title`) }))}
                />
              </>
            ) : null}

            {step === 'style' ? (
              <>
                <ChoiceGroup
                  name="communication"
                  legend={t('bots:fields.tone')}
                  choices={tones.map((value) => ({ value, title: t(`bots:tones.${value}.title`), description: t(`bots:tones.${value}.description`) }))}
                  value={form.communication}
                  onChange={set('communication')}
                  error={errorOf('communication')}
                  pending={t('bots:wizard.pendingChoice')}
                />
                <ChoiceGroup
                  name="behavior"
                  legend={t('bots:fields.personality')}
                  choices={personalities.map((value) => ({
                    value,
                    title: t(`bots:personalities.${value}.title`),
                    description: t(`bots:personalities.${value}.description`),
                  }))}
                  value={form.behavior}
                  onChange={set('behavior')}
                  error={errorOf('behavior')}
                  pending={t('bots:wizard.pendingChoice')}
                />
                <ChoiceGroup
                  name="isHuman"
                  legend={t('bots:fields.identity')}
                  columns={2}
                  choices={[
                    { value: 'false', title: t('bots:identities.ai.title'), description: t('bots:identities.ai.description') },
                    { value: 'true', title: t('bots:identities.human.title'), description: t('bots:identities.human.description') },
                  ]}
                  value={form.isHuman}
                  onChange={set('isHuman')}
                  error={errorOf('isHuman')}
                  pending={t('bots:wizard.pendingChoice')}
                />
                <figure className="rounded-2xl border border-line bg-card-strong p-4">
                  <figcaption className="mb-3 flex items-center gap-2 text-xs font-semibold tracking-wider text-muted uppercase">
                    <BotIcon className="size-4" />
                    {t('bots:wizard.preview.label')}
                  </figcaption>
                  {styleChosen ? (
                    <p className="w-fit max-w-[90%] rounded-2xl rounded-bl-md border border-line bg-card px-3.5 py-2 text-sm" aria-live="polite">
                      {greeting}
                    </p>
                  ) : (
                    <p className="text-sm text-muted" aria-live="polite">
                      {t('bots:wizard.preview.pending')}
                    </p>
                  )}
                </figure>
              </>
            ) : null}
          </div>

          <div className="mt-8 flex items-center justify-between gap-3 border-t border-line pt-5">
            <Button variant="ghost" onClick={previous} disabled={submitting}>
              {t('bots:wizard.back')}
            </Button>
            <Button type="submit" loading={submitting} icon={state.step < lastStep ? undefined : <BotIcon className="size-5" />}>
              {state.step < lastStep ? t('bots:wizard.next') : submitting ? t('bots:wizard.submitting') : t('bots:wizard.submit')}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
