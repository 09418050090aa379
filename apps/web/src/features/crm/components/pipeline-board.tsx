import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import {
  AutoScrollActivator,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCorners,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { useQueryClient } from '@tanstack/react-query';
import type { Contact, PipelineStage } from '@charla/shared';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorText } from '../../../lib/error-text.ts';
import { crmKeys } from '../api/crm-api.ts';
import { useCrmMutations } from '../api/use-crm.ts';
import { loadedCount, withCardAtEnd, withoutCard, type ColumnData } from '../api/board-pages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { PencilIcon } from '../../../components/ui/icons.tsx';
import { BoardColumn } from './board-column.tsx';
import { StageEditor } from './stage-editor.tsx';

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

/**
 * Embudo: a column per stage; a card is dragged (pointer or keyboard) or moved with its menu.
 * Whoever may change the bot's setup (not a team agent) edits the stages from here.
 */
export function PipelineBoard({ botId, stages, onOpen, canEditStages }: { botId: string; stages: PipelineStage[]; onOpen: (id: string) => void; canEditStages: boolean }) {
  const { t } = useTranslation('crm');
  const queryClient = useQueryClient();
  const { update } = useCrmMutations(botId);
  const [status, setStatus] = useState('');
  const [activeId, setActiveId] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: columnByColumn }));
  const stageName = (id: unknown) => stages.find((s) => s.id === id)?.name ?? '';
  const contactName = (data: unknown) => {
    const c = (data as { contact?: Contact } | undefined)?.contact;
    return c?.name || c?.phone || t('table.noName');
  };

  const move = (contact: Contact, stageId: string) => {
    if (!stageId || stageId === contact.stageId) return;
    const from = contact.stageId ?? '';
    // The card moves at once to the end of its new column; the server's answer (or a failure)
    // refreshes both. A column not read to its end gets no index: the server puts it last.
    queryClient.setQueryData<ColumnData>(crmKeys.column(botId, from), (d) => withoutCard(d, contact.id));
    const position = loadedCount(queryClient.getQueryData<ColumnData>(crmKeys.column(botId, stageId))) ?? undefined;
    queryClient.setQueryData<ColumnData>(crmKeys.column(botId, stageId), (d) => withCardAtEnd(d, { ...contact, stageId }));
    update.mutate(
      { id: contact.id, body: { stageId, position } },
      {
        onSuccess: () => setStatus(t('board.moved', { name: contact.name || contact.phone || t('table.noName'), stage: stageName(stageId) })),
        onError: (err) => showToast(errorText(err), 'error'),
      },
    );
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setActiveId(null);
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
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted">{t('board.help')}</p>
        {canEditStages ? (
          <Button variant="secondary" size="sm" icon={<PencilIcon className="size-4" />} onClick={() => setEditing(true)}>
            {t('stages.edit')}
          </Button>
        ) : null}
      </div>
      {editing ? <StageEditor botId={botId} stages={stages} open onClose={() => setEditing(false)} /> : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        // The board scrolls sideways only while the pointer is at its edge: by default a card's own
        // width, dropped on the last column in view, slid the board under it onto the next.
        autoScroll={{ activator: AutoScrollActivator.Pointer, threshold: { x: 0.08, y: 0.15 } }}
        onDragStart={({ active }) => setActiveId(String(active.id))}
        onDragCancel={() => setActiveId(null)}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('board.instructions') } }}
      >
        <div className="relative flex snap-x gap-3 overflow-x-auto pb-3" aria-label={t('board.label')} role="group">
          {stages.map((stage) => (
            <BoardColumn key={stage.id} botId={botId} stage={stage} stages={stages} activeId={activeId} onOpen={onOpen} onMove={move} />
          ))}
        </div>
      </DndContext>
      <p className="sr-only" role="status">
        {status}
      </p>
    </div>
  );
}
