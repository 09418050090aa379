import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { ConversationAssignee, ConversationDetail } from '@charla/shared';
import { UserIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
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
 * Who answers the open conversation, in a strip under its header: for the owner and the admins a
 * list of the bot's people ("Asignada a: [Rosa Méndez]"); for an agent who has it, the words and
 * "Asignármela" / "Dejar sin asignar".
 */
export function AssignControl({ conversation, assigning }: { conversation: ConversationDetail; assigning: Assigning }) {
  const { t } = useTranslation('inbox');
  const [busy, setBusy] = useState(false);
  const { me, manage, people, onAssign } = assigning;
  const current = conversation.assignedTo;
  const text = useAssigneeText(conversation, me, people) ?? t('assign.nobody');

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

  const strip = 'flex min-h-10 items-center gap-2 border-b border-line bg-card-strong/70 px-3 py-1 text-xs text-muted';
  if (manage) {
    const known = !current || (people ?? []).some((p) => p.userId === current);
    return (
      <div className={strip} data-assign-strip>
        <UserIcon className="size-4 shrink-0" />
        <label htmlFor={`assign-${conversation.id}`} className="shrink-0">
          {t('assign.label')}
        </label>
        <select
          id={`assign-${conversation.id}`}
          value={current ?? ''}
          disabled={busy || !people}
          onChange={(e) => void run(e.target.value || null)}
          className="focus-ring h-8 min-w-0 max-w-full truncate rounded-lg border border-line bg-card px-2 text-sm font-medium text-fg"
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
        {busy ? <Spinner className="size-4 shrink-0" /> : null}
      </div>
    );
  }

  const mine = current === me;
  return (
    <div className={strip} data-assign-strip>
      <UserIcon className="size-4 shrink-0" />
      <span className="min-w-0 flex-1 truncate" data-assignee>
        {text}
      </span>
      <button
        type="button"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => void run(mine ? null : me)}
        className="focus-ring inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg border border-line bg-card px-2.5 text-xs font-semibold text-fg transition hover:bg-[color-mix(in_srgb,var(--font-color)_10%,transparent)] disabled:opacity-55"
      >
        {busy ? <Spinner className="size-3.5" /> : null}
        {mine ? t('assign.letGo') : t('assign.take')}
      </button>
    </div>
  );
}

/** "Asignada a ti", "Asignada a Rosa Díaz"…, or null when nobody. */
export function useAssigneeText(item: Parameters<typeof assigneeLabel>[0], me: string, people: ConversationAssignee[] | undefined): string | null {
  const { t } = useTranslation('inbox');
  const who = assigneeLabel(item, me, people);
  if (!who) return null;
  return who.kind === 'you' ? t('list.assignedYou') : who.kind === 'person' ? t('list.assignedTo', { name: who.name }) : t('list.assignedSomeone');
}
