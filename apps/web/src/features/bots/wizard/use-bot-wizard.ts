import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { TemplateKey } from '@charla/shared/constants';
import { showToast } from '../../../components/ui/toast-store.ts';
import { paths } from '../../../lib/navigation.ts';
import { readStorage, removeStorage, safeLocalStorage, safeSessionStorage, storageKeys, writeStorage } from '../../../lib/storage-keys.ts';
import { setBotLimitReached } from '../../realtime/index.ts';
import { updateBot } from '../api/bot-calls.ts';
import { botCallDeps, refetchBots, storeBotInCache } from '../api/use-bots.ts';
import { findTimeZone, timeZonePlace } from '../../../lib/time-zones.ts';
import { useProblemText } from '../personalization/use-settings.ts';
import { storeSelectedBotId } from '../selected-bot.ts';
import { markTourPending } from '../tour/tour-records.ts';
import { defaultBotTimeZone, styleFromWizard, submitBot, type AnsweredError } from './create-bot.ts';
import { postCreation, wizardFieldOf } from './post-creation.ts';
import { hasProblems, validateStep, validateWizard, type FieldProblems } from './wizard-rules.ts';
import { createWizardState, stepOfField, wizardReducer, wizardStepAt, wizardSteps, type WizardField, type WizardState } from './wizard-state.ts';

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

type Draft = { template: string; state: WizardState; timeZone: string };

/** What was typed in this tab for this template, if anything. */
function readDraft(template: string): Draft | null {
  try {
    const draft = JSON.parse(readStorage(storageKeys.wizardDraft, safeSessionStorage()) ?? 'null') as Draft | null;
    return draft && draft.template === template && typeof draft.timeZone === 'string' && draft.state?.form ? draft : null;
  } catch {
    return null;
  }
}

/** The wizard's state and moves: fields with their messages, next and back, and the creation with its style. */
export function useBotWizard({ template, clientId, backTo, limit }: { template: TemplateKey; clientId: string | null; backTo: string; limit: number | null }) {
  const { t } = useTranslation(['bots', 'common']);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [draft] = useState(() => readDraft(template));
  const [state, dispatch] = useReducer(wizardReducer, template, (speciality) => (draft ? { ...draft.state, form: { ...createWizardState().form, ...draft.state.form } } : createWizardState({ speciality })));
  const [problems, setProblems] = useState<FieldProblems>({});
  const [serverFields, setServerFields] = useState<ServerFields>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The zone as the owner typed it ("Monterrey"); the IANA zone is found from it.
  const [timeZoneText, setTimeZoneText] = useState(() => draft?.timeZone ?? timeZonePlace(defaultBotTimeZone()));
  const timeZone = findTimeZone(timeZoneText);
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

  // A reload keeps what was typed; creating the bot forgets it.
  useEffect(() => {
    writeStorage(storageKeys.wizardDraft, JSON.stringify({ template, state, timeZone: timeZoneText } satisfies Draft), safeSessionStorage());
  }, [template, state, timeZoneText]);
  const step = wizardStepAt(state.step);
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
    if (step === 'business' && !timeZone) {
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
      removeStorage(storageKeys.wizardDraft, safeSessionStorage());
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
      // A partner who made a client's bot goes back to the clients, where it now shows.
      if (clientId) {
        await queryClient.invalidateQueries({ queryKey: ['partners'] });
        navigate(paths.general('clients'));
      }
      else navigate({ pathname: paths.bot(botId, 'personalizacion'), search: '?guide=true' });
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

  const changeTimeZone = (text: string) => {
    setTimeZoneText(text);
    setTimeZoneProblem(false);
  };

  return {
    state,
    form,
    step,
    lastStep,
    failure,
    submitting,
    headingRef,
    fields: { form, input, set, errorOf },
    timeZone: { value: timeZoneText, zone: timeZone, onChange: changeTimeZone, invalid: timeZoneProblem },
    previous,
    onSubmit,
  };
}

export type WizardFields = ReturnType<typeof useBotWizard>['fields'];
