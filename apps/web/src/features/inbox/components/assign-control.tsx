import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationAssignee, ConversationDetail } from '@charla/shared';
import { Button } from '../../../components/ui/button.tsx';
import { UserIcon } from '../../../components/ui/icons.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorText } from '../../../lib/error-text.ts';
import { assigneeLabel } from '../inbox-state.ts';

export interface Assigning {
  /** The reader's user id. */
  me: string;
  /** The owner and the account's admins give a conversation to anyone; an agent only takes it for themself. */
  manage: boolean;
  /** Who the bot's conversations can be given to (undefined while loading). */
  people: ConversationAssignee[] | undefined;
  onAssign: (userId: string | null) => Promise<unknown>;
}

/**
 * Who answers the open conversation, in its header: a list of the bot's people for the owner and
 * the admins; "Asignármela" / "Dejar sin asignar" for an agent.
 */
export function AssignControl({ conversation, assigning }: { conversation: ConversationDetail; assigning: Assigning }) {
  const { t } = useTranslation('inbox');
  const [busy, setBusy] = useState(false);
  const { me, manage, people, onAssign } = assigning;
  const current = conversation.assignedTo;

  const run = async (userId: string | null) => {
    setBusy(true);
    try {
      await onAssign(userId);
      const name = people?.find((p) => p.userId === userId)?.name ?? '';
      showToast(userId === null ? t('assign.cleared') : userId === me ? t('assign.givenYou') : t('assign.given', { name }), 'success');
    } catch (e) {
      showToast(errorText(e), 'error');
    } finally {
      setBusy(false);
    }
  };

  if (manage) {
    const known = !current || (people ?? []).some((p) => p.userId === current);
    return (
      <label className="flex min-w-0 shrink items-center gap-1.5 rounded-lg border border-line bg-card px-2 text-sm text-fg focus-within:ring-2 focus-within:ring-highlight">
        <UserIcon className="size-4 shrink-0 text-muted" />
        <span className="sr-only">{t('assign.label')}</span>
        <select
          value={current ?? ''}
          disabled={busy || !people}
          onChange={(e) => void run(e.target.value || null)}
          className="h-8 w-full max-w-[9.5rem] min-w-0 truncate bg-transparent pe-1 text-sm outline-none sm:max-w-[12rem]"
          data-assign
        >
          <option value="">{t('assign.nobody')}</option>
          {(people ?? []).map((p) => (
            <option key={p.userId} value={p.userId}>
              {p.userId === me ? t('assign.you', { name: p.name }) : p.name}
            </option>
          ))}
          {known ? null : <option value={current!}>{conversation.assignedName ?? t('assign.someone')}</option>}
        </select>
      </label>
    );
  }

  return current === me ? (
    <Button size="sm" variant="secondary" loading={busy} onClick={() => void run(null)} className="shrink-0">
      {t('assign.letGo')}
    </Button>
  ) : (
    <Button size="sm" variant="secondary" loading={busy} onClick={() => void run(me)} icon={<UserIcon className="size-4" />} className="shrink-0">
      {t('assign.take')}
    </Button>
  );
}

/** "Asignada a ti", "Asignada a Rosa Díaz"…, or null when nobody. */
export function useAssigneeText(item: Parameters<typeof assigneeLabel>[0], me: string, people: ConversationAssignee[] | undefined): string | null {
  const { t } = useTranslation('inbox');
  const who = assigneeLabel(item, me, people);
  if (!who) return null;
  return who.kind === 'you' ? t('list.assignedYou') : who.kind === 'person' ? t('list.assignedTo', { name: who.name }) : t('list.assignedSomeone');
}
