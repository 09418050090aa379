import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCorners,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { useQueryClient } from '@tanstack/react-query';
import type { Contact, PipelineStage } from '@charla/shared';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorText } from '../../../lib/error-text.ts';
import { crmKeys } from '../api/crm-api.ts';
import { useColumn, useCrmMutations } from '../api/use-crm.ts';

type ColumnData = { items: Contact[]; nextCursor: string | null };

/**
 * With the keyboard a picked card jumps a whole column per arrow (left / right), the columns in
 * the order they are shown; other keys keep the library's own steps.
 */
const columnByColumn: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (!step) return undefined;
  event.preventDefault();
  const columns = [...context.droppableRects.values()].sort((a, b) => a.left - b.left);
  if (!columns.length) return undefined;
  const here = context.over ? context.droppableRects.get(context.over.id) : undefined;
  const index = here ? columns.indexOf(here) : columns.findIndex((r) => currentCoordinates.x < r.left + r.width);
  const target = columns[Math.min(Math.max((index < 0 ? 0 : index) + step, 0), columns.length - 1)]!;
  return { x: target.left + 8, y: Math.max(currentCoordinates.y, target.top + 48) };
};

function Card({ contact, stages, onOpen, onMove }: { contact: Contact; stages: PipelineStage[]; onOpen: (id: string) => void; onMove: (contact: Contact, stageId: string) => void }) {
  const { t } = useTranslation('crm');
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: contact.id, data: { contact } });
  const name = contact.name || contact.phone || t('table.noName');
  return (
    <li
      ref={setNodeRef}
      style={transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined}
      className={`rounded-xl border border-line bg-surface p-3 shadow-sm ${isDragging ? 'relative z-10 opacity-80 shadow-lg' : ''}`}
      data-contact={contact.id}
    >
      <div className="flex items-start gap-2">
        <button
          type="button"
          {...listeners}
          {...attributes}
          aria-label={t('board.drag', { name })}
          className="focus-ring -ms-1 cursor-grab touch-none rounded px-1 text-muted hover:text-fg active:cursor-grabbing"
        >
          <span aria-hidden="true">⠿</span>
        </button>
        <button type="button" onClick={() => onOpen(contact.id)} className="focus-ring min-w-0 flex-1 truncate rounded text-start text-sm font-semibold text-fg hover:underline">
          {name}
        </button>
      </div>
      {contact.phone && contact.name ? <p className="mt-1 truncate ps-5 text-xs text-muted">{contact.phone}</p> : null}
      {contact.tags.length ? <p className="mt-1 truncate ps-5 text-xs text-muted">{contact.tags.join(' · ')}</p> : null}
      <label className="mt-2 block ps-5">
        <span className="sr-only">{t('board.moveTo', { name })}</span>
        <select
          value={contact.stageId ?? ''}
          onChange={(e) => onMove(contact, e.target.value)}
          className="h-8 w-full rounded-lg border border-line bg-field px-2 text-xs text-fg"
        >
          {stages.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
    </li>
  );
}

function Column({ botId, stage, stages, onOpen, onMove }: { botId: string; stage: PipelineStage; stages: PipelineStage[]; onOpen: (id: string) => void; onMove: (contact: Contact, stageId: string) => void }) {
  const { t } = useTranslation('crm');
  const column = useColumn(botId, stage.id);
  const { setNodeRef, isOver } = useDroppable({ id: stage.id });
  const items = column.data?.items ?? [];
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={`stage-${stage.id}`}
      data-stage={stage.name}
      className={`flex w-[78vw] max-w-72 shrink-0 snap-start flex-col rounded-2xl border bg-card/60 sm:w-72 ${isOver ? 'border-highlight ring-2 ring-highlight/30' : 'border-line'}`}
    >
      <header className="flex items-center gap-2 px-3 py-2.5">
        <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: stage.color }} aria-hidden="true" />
        <h3 id={`stage-${stage.id}`} className="min-w-0 flex-1 truncate text-sm font-bold">
          {stage.name}
        </h3>
        <span className="rounded-full bg-surface px-2 text-xs text-muted" aria-label={t('board.count', { count: items.length })}>
          {items.length}
          {column.data?.nextCursor ? '+' : ''}
        </span>
      </header>
      {column.isPending ? (
        <div className="grid place-items-center p-4">
          <Spinner />
        </div>
      ) : (
        <ul className="flex min-h-24 flex-1 flex-col gap-2 overflow-y-auto px-2 pb-3">
          {items.map((c) => (
            <Card key={c.id} contact={c} stages={stages} onOpen={onOpen} onMove={onMove} />
          ))}
          {items.length === 0 ? <li className="rounded-xl border border-dashed border-line p-3 text-center text-xs text-muted">{t('board.empty')}</li> : null}
        </ul>
      )}
    </section>
  );
}

/** Embudo: a column per stage; a card is dragged (pointer or keyboard) or moved with its menu. */
export function PipelineBoard({ botId, stages, onOpen }: { botId: string; stages: PipelineStage[]; onOpen: (id: string) => void }) {
  const { t } = useTranslation('crm');
  const queryClient = useQueryClient();
  const { update } = useCrmMutations(botId);
  const [status, setStatus] = useState('');
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: columnByColumn }));
  const stageName = (id: unknown) => stages.find((s) => s.id === id)?.name ?? '';
  const contactName = (data: unknown) => {
    const c = (data as { contact?: Contact } | undefined)?.contact;
    return c?.name || c?.phone || t('table.noName');
  };

  const move = (contact: Contact, stageId: string) => {
    if (!stageId || stageId === contact.stageId) return;
    const from = contact.stageId ?? '';
    // The card moves at once; the server's answer (or a failure) refreshes both columns.
    queryClient.setQueryData<ColumnData>(crmKeys.column(botId, from), (d) => d && { ...d, items: d.items.filter((c) => c.id !== contact.id) });
    const position = queryClient.getQueryData<ColumnData>(crmKeys.column(botId, stageId))?.items.length ?? 0;
    queryClient.setQueryData<ColumnData>(crmKeys.column(botId, stageId), (d) => d && { ...d, items: [...d.items, { ...contact, stageId }] });
    update.mutate(
      { id: contact.id, body: { stageId, position } },
      {
        onSuccess: () => setStatus(t('board.moved', { name: contact.name || contact.phone || t('table.noName'), stage: stageName(stageId) })),
        onError: (err) => showToast(errorText(err), 'error'),
      },
    );
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const contact = (active.data.current as { contact?: Contact } | undefined)?.contact;
    if (contact && over) move(contact, String(over.id));
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => t('board.picked', { name: contactName(active.data.current) }),
    onDragOver: ({ active, over }) => (over ? t('board.over', { name: contactName(active.data.current), stage: stageName(over.id) }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('board.dropped', { name: contactName(active.data.current), stage: stageName(over.id) }) : t('board.cancelled')),
    onDragCancel: () => t('board.cancelled'),
  };

  return (
    <div>
      <p className="mb-2 text-sm text-muted">{t('board.help')}</p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('board.instructions') } }}
      >
        <div className="relative flex snap-x gap-3 overflow-x-auto pb-3" aria-label={t('board.label')} role="group">
          {stages.map((stage) => (
            <Column key={stage.id} botId={botId} stage={stage} stages={stages} onOpen={onOpen} onMove={move} />
          ))}
        </div>
      </DndContext>
      <p className="sr-only" role="status">
        {status}
      </p>
    </div>
  );
}
