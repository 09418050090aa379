import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorText, fieldErrors } from '../../../lib/error-text.ts';
import { useKnowledgeGapMutations } from '../api/use-knowledge-gaps.ts';

/** "Enseñar al asistente": a person's reply, with the customer's question before it, saved as the bot's knowledge. */
export function TeachDialog({ botId, open, question, answer, onClose }: { botId: string; open: boolean; question: string; answer: string; onClose: () => void }) {
  const { t } = useTranslation('crm');
  const { teach } = useKnowledgeGapMutations(botId);
  const [form, setForm] = useState({ question, text: answer });
  useEffect(() => {
    if (open) {
      setForm({ question, text: answer });
      teach.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new prefill only when the dialog opens
  }, [open, question, answer]);
  const errors = fieldErrors(teach.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    teach.mutate(
      { botId, question: form.question.trim(), text: form.text.trim() },
      {
        onSuccess: () => {
          showToast(t('teach.saved'));
          onClose();
        },
      },
    );
  };
  return (
    <Modal open={open} onClose={onClose} title={t('teach.title')}>
      <form onSubmit={submit} className="space-y-3">
        <p className="text-sm">{t('teach.intro')}</p>
        <TextareaField label={t('teach.question')} required rows={2} maxLength={500} value={form.question} error={errors.question} onChange={(e) => setForm({ ...form, question: e.target.value })} />
        <TextareaField label={t('teach.answer')} required rows={4} maxLength={4000} value={form.text} error={errors.text} onChange={(e) => setForm({ ...form, text: e.target.value })} />
        {teach.error && !Object.keys(errors).length ? <p className="text-sm text-danger" role="alert">{errorText(teach.error)}</p> : null}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="ghost" onClick={onClose}>
            {t('drawer.cancel')}
          </Button>
          <Button type="submit" loading={teach.isPending} disabled={!form.question.trim() || !form.text.trim()}>
            {t('teach.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
