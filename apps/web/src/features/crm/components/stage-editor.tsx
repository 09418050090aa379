import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { PipelineStage } from '@charla/shared';
import { crmLimits, stageColors } from '@charla/shared/constants';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDeleteModal } from '../../../components/ui/confirm-delete-modal.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PlusIcon, TrashIcon } from '../../../components/ui/icons.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { SheetDialog } from '../../../components/ui/sheet-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorText, fieldErrors } from '../../../lib/error-text.ts';
import { useStageCount, useStageMutations } from '../api/use-crm.ts';

/** The palette's colours' names (in `stageColors` order), said in the reader's language. */
const colorNames = ['gray', 'blue', 'amber', 'green', 'red', 'purple', 'pink', 'teal'] as const;
const colorName = (color: string) => colorNames[stageColors.indexOf(color.toLowerCase() as (typeof stageColors)[number])];

/** The palette as a group of radio buttons: arrows move between colours, each named. */
function ColorPicker({ name, value, label, onChange }: { name: string; value: string; label: string; onChange: (color: string) => void }) {
  const { t } = useTranslation('crm');
  return (
    <fieldset className="flex flex-wrap items-center gap-1.5">
      <legend className="sr-only">{label}</legend>
      {stageColors.map((color, i) => (
        <label key={color} className="relative grid size-8 cursor-pointer place-items-center" title={t(`stages.colors.${colorNames[i]!}`)}>
          <input type="radio" name={name} value={color} checked={value.toLowerCase() === color} onChange={() => onChange(color)} className="peer sr-only" />
          <span className="sr-only">{t(`stages.colors.${colorNames[i]!}`)}</span>
          <span
            aria-hidden="true"
            className="size-6 rounded-full ring-offset-2 ring-offset-card peer-checked:ring-2 peer-checked:ring-fg peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-highlight"
            style={{ backgroundColor: color }}
          />
        </label>
      ))}
    </fieldset>
  );
}

/** One stage: its name (saved with Enter or its button), its colour, its place and deleting it. */
function StageRow({ botId, stage, index, stages, onMoved }: { botId: string; stage: PipelineStage; index: number; stages: PipelineStage[]; onMoved: (id: string, direction: 'left' | 'right', index: number) => void }) {
  const { t } = useTranslation('crm');
  const { update, remove } = useStageMutations(botId);
  const [name, setName] = useState(stage.name);
  const [deleting, setDeleting] = useState(false);
  const others = stages.filter((s) => s.id !== stage.id);
  const [moveTo, setMoveTo] = useState('');
  const count = useStageCount(botId, deleting ? stage.id : null);
  useEffect(() => setName(stage.name), [stage.name]);
  const errors = fieldErrors(update.error);
  const rename = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === stage.name) return;
    update.mutate({ id: stage.id, body: { name } }, { onSuccess: () => showToast(t('stages.renamed', { name: name.trim() })) });
  };
  const move = (direction: 'left' | 'right') => {
    const position = index + (direction === 'left' ? -1 : 1);
    update.mutate({ id: stage.id, body: { position } }, { onSuccess: () => onMoved(stage.id, direction, position), onError: (err) => showToast(errorText(err), 'error') });
  };
  const erase = () => {
    const target = count.data ? moveTo || others[0]?.id : undefined;
    remove.mutate(
      { id: stage.id, moveTo: target },
      {
        onSuccess: () => {
          setDeleting(false);
          showToast(t('stages.deleted', { name: stage.name }));
        },
        onError: (err) => showToast(errorText(err), 'error'),
      },
    );
  };
  const named = colorName(stage.color);
  const currentColor = named ? t(`stages.colors.${named}`) : stage.color;
  return (
    <li className="space-y-3 rounded-2xl border border-line bg-field px-4 py-3" data-stage-row={stage.name} style={{ borderInlineStartColor: stage.color, borderInlineStartWidth: 4 }}>
      <form onSubmit={rename} className="flex items-end gap-2">
        <TextField
          className="min-w-0 flex-1"
          label={t('stages.name', { position: index + 1 })}
          value={name}
          maxLength={crmLimits.stageName}
          required
          error={errors.name}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" variant="secondary" size="sm" className="mb-0.5" loading={update.isPending && update.variables?.body.name !== undefined} disabled={name.trim() === stage.name || !name.trim()}>
          {t('stages.save')}
        </Button>
      </form>
      {update.error && !Object.keys(errors).length ? <FormAlert error={update.error} /> : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ColorPicker
          name={`stage-color-${stage.id}`}
          value={stage.color}
          label={t('stages.color', { name: stage.name, color: currentColor })}
          onChange={(color) => update.mutate({ id: stage.id, body: { color } }, { onError: (err) => showToast(errorText(err), 'error') })}
        />
        <div className="flex items-center gap-1">
          <button
            type="button"
            data-move="left"
            className="focus-ring grid size-9 place-items-center rounded-lg text-muted hover:bg-card hover:text-fg disabled:opacity-40"
            aria-label={t('stages.moveLeft', { name: stage.name })}
            disabled={index === 0 || update.isPending}
            onClick={() => move('left')}
          >
            <span aria-hidden="true">←</span>
          </button>
          <button
            type="button"
            data-move="right"
            className="focus-ring grid size-9 place-items-center rounded-lg text-muted hover:bg-card hover:text-fg disabled:opacity-40"
            aria-label={t('stages.moveRight', { name: stage.name })}
            disabled={index === stages.length - 1 || update.isPending}
            onClick={() => move('right')}
          >
            <span aria-hidden="true">→</span>
          </button>
          <button
            type="button"
            className="focus-ring grid size-9 place-items-center rounded-lg text-muted hover:text-danger disabled:opacity-40"
            aria-label={t('stages.delete', { name: stage.name })}
            title={stages.length === 1 ? t('stages.lastOne') : undefined}
            disabled={stages.length === 1}
            onClick={() => setDeleting(true)}
          >
            <TrashIcon className="size-4" />
          </button>
        </div>
      </div>
      <ConfirmDeleteModal
        open={deleting}
        title={t('stages.deleteTitle', { name: stage.name })}
        cancelLabel={t('drawer.cancel')}
        confirmLabel={count.data ? t('stages.deleteMove') : t('stages.deleteConfirm')}
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          if (!count.isPending) erase();
        }}
      >
        {count.isPending ? (
          <Spinner />
        ) : count.data ? (
          <span className="block space-y-3">
            <span className="block">{t('stages.deleteBusy', { count: count.data })}</span>
            <SelectField label={t('stages.moveTo')} value={moveTo || others[0]?.id || ''} options={others.map((s) => ({ value: s.id, label: s.name }))} onChange={(e) => setMoveTo(e.target.value)} />
          </span>
        ) : (
          t('stages.deleteEmpty')
        )}
      </ConfirmDeleteModal>
    </li>
  );
}

/**
 * The pipeline's setup, opened from the board (as Kommo's and Pipedrive's pipeline editors): each
 * stage renamed, recoloured from a small palette, moved left or right, or deleted (its contacts
 * moved to the stage the owner picks), and new stages added at the end.
 */
export function StageEditor({ botId, stages, open, onClose }: { botId: string; stages: PipelineStage[]; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('crm');
  const { add } = useStageMutations(botId);
  const [name, setName] = useState('');
  const [color, setColor] = useState<string>(stageColors[stages.length % stageColors.length]!);
  const list = useRef<HTMLOListElement>(null);
  // After a move the same arrow keeps the focus in the stage's new row (once the stages read again
  // show it there), so it can be pressed again; at an end, the other arrow.
  const [focus, setFocus] = useState<{ id: string; direction: 'left' | 'right'; index: number } | null>(null);
  useEffect(() => {
    if (!focus || stages[focus.index]?.id !== focus.id) return;
    const row = list.current?.children[focus.index];
    const button = row?.querySelector<HTMLButtonElement>(`[data-move="${focus.direction}"]`);
    (button && !button.disabled ? button : row?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)'))?.focus();
    setFocus(null);
  }, [focus, stages]);
  const errors = fieldErrors(add.error);
  const full = stages.length >= crmLimits.stages;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { name, color },
      {
        onSuccess: ({ stage }) => {
          setName('');
          setColor(stageColors[(stages.length + 1) % stageColors.length]!);
          showToast(t('stages.added', { name: stage.name }));
        },
      },
    );
  };
  return (
    <SheetDialog open={open} onClose={onClose} size="md" title={t('stages.title')} subtitle={t('stages.intro')} footer={<Button onClick={onClose}>{t('stages.close')}</Button>}>
      <div className="space-y-6">
        <ol ref={list} className="space-y-2" aria-label={t('stages.title')}>
          {stages.map((s, i) => (
            <StageRow key={s.id} botId={botId} stage={s} index={i} stages={stages} onMoved={(id, direction, index) => setFocus({ id, direction, index })} />
          ))}
        </ol>
        <form onSubmit={submit} className="space-y-3 rounded-2xl border border-line p-4" aria-label={t('stages.add')}>
          {add.error && !Object.keys(errors).length ? <FormAlert error={add.error} /> : null}
          <TextField label={t('stages.newName')} value={name} maxLength={crmLimits.stageName} required disabled={full} hint={full ? t('stages.full', { max: crmLimits.stages }) : undefined} error={errors.name} onChange={(e) => setName(e.target.value)} />
          <ColorPicker name="stage-color-new" value={color} label={t('stages.newColor')} onChange={setColor} />
          <Button type="submit" size="sm" icon={<PlusIcon className="size-4" />} loading={add.isPending} disabled={full}>
            {t('stages.add')}
          </Button>
        </form>
      </div>
    </SheetDialog>
  );
}
