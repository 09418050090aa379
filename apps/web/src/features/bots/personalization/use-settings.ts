import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { Bot as ServerBot } from '@charla/shared';
import { showToast } from '../../../components/ui/toast-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorText, fieldErrors } from '../../../lib/error-text.ts';
import type { BotCallDeps } from '../api/bot-calls.ts';
import { botCallDeps, refetchBots, storeBotInCache } from '../api/use-bots.ts';
import type { SettingProblem } from './settings-rules.ts';
import type { FieldProblem } from '../wizard/wizard-rules.ts';

/** A card's editable copy of some bot values, and whether it differs from what is saved. */
function useDraft<T>(saved: T) {
  const [draft, setDraft] = useState<T>(saved);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const set = <K extends keyof T>(key: K, value: T[K]) => setDraft((current) => ({ ...current, [key]: value }));
  return { draft, setDraft, set, dirty, reset: () => setDraft(saved) };
}

/**
 * The plumbing every settings card shares: an editable copy of its values (`useDraft`), the
 * problems found when it was last sent, and the save, whose answer becomes the new copy
 * (`savedValues`; undefined keeps the copy). `card` is what SectionCard takes: whether there is
 * something to save, whether it is being saved, and the discard (back to the saved values, the
 * problems cleared).
 */
export function useSectionForm<T, B, P>({
  values,
  noProblems,
  call,
  savedValues,
}: {
  values: T;
  noProblems: P;
  call: (botId: string, body: B, deps: BotCallDeps) => Promise<ServerBot>;
  savedValues: (saved: ServerBot) => T | undefined;
}) {
  const { draft, setDraft, set, dirty, reset } = useDraft(values);
  const [problems, setProblems] = useState<P>(noProblems);
  const save = useSaveBot<B>(call, (saved) => {
    const next = savedValues(saved);
    if (next !== undefined) setDraft(next);
  });
  const card = {
    dirty,
    saving: save.isPending,
    onDiscard: () => {
      reset();
      setProblems(noProblems);
    },
  };
  return { draft, setDraft, set, problems, setProblems, save, card };
}

/**
 * Saves part of a bot (one of the PATCH calls): the answer replaces the bot in the cached
 * list, a toast confirms; on failure the server's message is shown and its field messages
 * are kept for the fields. A bot locked meanwhile is re-read so the page turns read-only.
 */
function useSaveBot<B>(call: (botId: string, body: B, deps: BotCallDeps) => Promise<ServerBot>, onSaved?: (bot: ServerBot) => void) {
  const { t } = useTranslation('bots');
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ botId, body }: { botId: string; body: B }) => call(botId, body, botCallDeps),
    onSuccess: (saved) => {
      storeBotInCache(queryClient, saved);
      onSaved?.(saved);
      showToast(t('personalization.saved'), 'success');
    },
    onError: (error) => {
      showToast(errorText(error), 'error');
      if (isApiError(error) && error.code === 'BOT_LOCKED') void refetchBots(queryClient);
    },
  });
  return { ...mutation, fields: fieldErrors(mutation.error) };
}

/** Text for a problem of a setting or of a wizard field, in the user's language. */
export function useProblemText() {
  const { t } = useTranslation(['bots', 'common']);
  return (problem: SettingProblem | FieldProblem | undefined): string | undefined => {
    if (!problem) return undefined;
    switch (problem.rule) {
      case 'required':
        return t('common:validation.required');
      case 'tooLong':
        return t('bots:validation.tooLong', { max: problem.max });
      case 'tooShort':
        return t('bots:validation.tooShort', { min: problem.min });
      case 'url':
        return t('bots:validation.url');
      case 'phone':
        return t('bots:validation.phone');
      case 'phoneShort':
        return t('common:validation.phoneShort');
      case 'phoneLong':
        return t('common:validation.phoneLong');
      case 'digits':
        return t('bots:validation.digits');
      case 'rangeOrder':
        return t('bots:validation.rangeOrder');
      case 'rangeOverlap':
        return t('bots:validation.rangeOverlap');
      case 'choose':
        return t('bots:validation.choose');
    }
  };
}

/** Drops undefined entries, so "no problems" is an empty object. */
export function compactProblems<K extends string>(problems: Partial<Record<K, SettingProblem | undefined>>): Partial<Record<K, SettingProblem>> {
  return Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem !== undefined)) as Partial<Record<K, SettingProblem>>;
}

/** Only what changed, so a save never re-sends a value the owner did not touch. */
export function changedFields<T extends object>(draft: T, saved: T): Partial<T> {
  return Object.fromEntries(Object.entries(draft).filter(([key, value]) => saved[key as keyof T] !== value)) as Partial<T>;
}
