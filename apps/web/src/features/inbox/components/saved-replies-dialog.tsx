import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { SavedReply } from '@charla/shared';
import { savedReplyLimits } from '@charla/shared/constants';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PencilIcon, TextIcon, TrashIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useSavedReplies } from '../api/use-saved-replies.ts';

/**
 * "Respuestas guardadas": the bot's short replies, listed by title, with a form that adds one or
 * changes the one chosen for editing. The composer offers them after `/`.
 */
export function SavedRepliesDialog({ botId, onClose }: { botId: string; onClose: () => void }) {
  const { t } = useTranslation('inbox');
  const replies = useSavedReplies(botId);
  const [editing, setEditing] = useState<SavedReply | null>(null);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const saving = editing ? replies.update : replies.create;
  const fieldError = (field: string) => (isApiError(saving.error) ? saving.error.fields?.[field] : undefined);

  const edit = (reply: SavedReply | null) => {
    setEditing(reply);
    setTitle(reply?.title ?? '');
    setText(reply?.text ?? '');
    replies.create.reset();
    replies.update.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { title: title.trim(), text: text.trim() };
    const done = () => {
      showToast(t(editing ? 'saved.updated' : 'saved.created', { title: body.title }), 'success');
      edit(null);
    };
    if (editing) replies.update.mutate({ id: editing.id, body }, { onSuccess: done });
    else replies.create.mutate(body, { onSuccess: done });
  };

  const remove = (reply: SavedReply) =>
    replies.remove.mutate(reply.id, {
      onSuccess: () => {
        showToast(t('saved.deleted', { title: reply.title }), 'success');
        if (editing?.id === reply.id) edit(null);
      },
      onError: (e) => showToast(errorText(e), 'error'),
    });

  const items = replies.list.data ?? [];
  return (
    <Modal open onClose={onClose} icon={<TextIcon className="size-6" />} title={t('saved.title')}>
      <div className="space-y-4 text-fg" data-saved-replies>
        <p className="text-sm text-muted">{t('saved.intro')}</p>
        {replies.list.isPending ? (
          <Spinner />
        ) : replies.list.isError ? (
          <FormAlert error={replies.list.error} />
        ) : items.length === 0 ? (
          <p className="rounded-xl border border-dashed border-line px-3 py-4 text-center text-sm text-muted">{t('saved.empty')}</p>
        ) : (
          <ul className="max-h-56 divide-y divide-line overflow-y-auto rounded-xl border border-line" aria-label={t('saved.title')}>
            {items.map((reply) => (
              <li key={reply.id} className="flex items-start gap-2 px-3 py-2" data-saved-reply={reply.title}>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-semibold">/{reply.title}</p>
                  <p className="line-clamp-2 text-sm text-muted">{reply.text}</p>
                </div>
                <button type="button" onClick={() => edit(reply)} aria-label={t('saved.edit', { title: reply.title })} title={t('saved.edit', { title: reply.title })} className="focus-ring grid size-9 shrink-0 place-items-center rounded-lg text-muted hover:text-fg">
                  <PencilIcon className="size-4" />
                </button>
                <button
                  type="button"
                  onClick={() => remove(reply)}
                  disabled={replies.remove.isPending}
                  aria-label={t('saved.delete', { title: reply.title })}
                  title={t('saved.delete', { title: reply.title })}
                  className="focus-ring grid size-9 shrink-0 place-items-center rounded-lg text-muted hover:text-danger disabled:opacity-50"
                >
                  <TrashIcon className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        )}

        <form onSubmit={submit} className="space-y-3 rounded-xl bg-card-strong p-3" noValidate>
          <p className="text-sm font-semibold">{editing ? t('saved.editing', { title: editing.title }) : t('saved.new')}</p>
          <TextField label={t('saved.titleLabel')} hint={t('saved.titleHint')} value={title} required maxLength={savedReplyLimits.title} onChange={(e) => setTitle(e.target.value)} error={fieldError('title')} />
          <TextareaField label={t('saved.textLabel')} value={text} required rows={3} maxLength={savedReplyLimits.text} maxChars={savedReplyLimits.text} onChange={(e) => setText(e.target.value)} error={fieldError('text')} />
          <FormAlert error={saving.error && !fieldError('title') && !fieldError('text') ? saving.error : null} />
          <div className="flex flex-wrap justify-end gap-2">
            {editing ? (
              <Button variant="secondary" size="sm" onClick={() => edit(null)}>
                {t('saved.cancelEdit')}
              </Button>
            ) : null}
            <Button type="submit" size="sm" loading={saving.isPending} disabled={!title.trim() || !text.trim()}>
              {editing ? t('saved.save') : t('saved.add')}
            </Button>
          </div>
        </form>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('saved.close')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
