import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useDroppable } from '@dnd-kit/core';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import type { Contact, PipelineStage } from '@charla/shared';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { columnCount, columnValue } from '../api/board-pages.ts';
import { useBoardColumn } from '../api/use-board-column.ts';
import { BoardCard } from './board-card.tsx';
import { formatDealValue } from './crm-format.ts';
import { intlLocale, numberFormat } from '../../../lib/intl.ts';

const gap = 8;

interface Props {
  botId: string;
  stage: PipelineStage;
  stages: PipelineStage[];
  /** The card being dragged: kept in the page even when scrolled out of view. */
  activeId: string | null;
  onOpen: (id: string) => void;
  onMove: (contact: Contact, stageId: string) => void;
}

/**
 * A stage's column: its cards in the board's order, read 100 at a time as the column scrolls, and
 * only those in view (TanStack Virtual) are in the page, so thousands of cards stay smooth.
 */
export function BoardColumn({ botId, stage, stages, activeId, onOpen, onMove }: Props) {
  const { t, i18n } = useTranslation('crm');
  const column = useBoardColumn(botId, stage.id);
  const { setNodeRef, isOver } = useDroppable({ id: stage.id });
  const items = column.data?.pages.flatMap((p) => p.items) ?? [];
  // The stage's exact count from the server, even when only its first cards are loaded.
  const total = columnCount(column.data) ?? undefined;
  // What the stage's deals are worth in all (the server's sum over the whole stage).
  const value = columnValue(column.data);
  const scroller = useRef<HTMLDivElement>(null);
  const active = items.findIndex((c) => c.id === activeId);
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    return active >= 0 && !indexes.includes(active) ? [...indexes, active].sort((a, b) => a - b) : indexes;
  }, [active]);
  const virtual = useVirtualizer({ count: items.length, getScrollElement: () => scroller.current, estimateSize: () => 104, gap, overscan: 6, rangeExtractor, getItemKey: (i) => items[i]?.id ?? i });
  const shown = virtual.getVirtualItems();
  const lastShown = shown[shown.length - 1]?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = column;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastShown >= items.length - 10) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastShown, items.length]);

  return (
    <section
      ref={setNodeRef}
      aria-labelledby={`stage-${stage.id}`}
      data-stage={stage.name}
      className={`flex w-[78vw] max-w-72 shrink-0 snap-start flex-col rounded-2xl border bg-card/60 sm:w-72 ${isOver ? 'border-highlight ring-2 ring-highlight/30' : 'border-line'}`}
    >
      <header className="border-t-4 px-3 pb-2 pt-2" style={{ borderTopColor: stage.color }}>
        <div className="flex items-center gap-2">
          <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: stage.color }} aria-hidden="true" />
          <h2 id={`stage-${stage.id}`} className="min-w-0 flex-1 truncate text-sm font-bold">
            {stage.name}
          </h2>
          {total !== undefined ? (
            <span className="rounded-full bg-surface px-2 text-xs text-muted" data-count={total}>
              <span aria-hidden="true">{numberFormat(intlLocale(i18n.language)).format(total)}</span>
              <span className="sr-only">{t('board.count', { count: total })}</span>
            </span>
          ) : null}
        </div>
        {value !== null ? (
          <p className="mt-0.5 ps-[1.125rem] text-xs font-semibold tabular-nums text-muted" data-value={value}>
            {t('board.value', { value: formatDealValue(value, i18n.language) })}
          </p>
        ) : null}
      </header>
      {column.isPending ? (
        <div className="grid place-items-center p-4">
          <Spinner />
        </div>
      ) : items.length === 0 ? (
        <ul className="flex min-h-24 flex-1 flex-col px-2 pb-3">
          <li className="rounded-xl border border-dashed border-line p-3 text-center text-xs text-muted">{t('board.empty')}</li>
        </ul>
      ) : (
        <div ref={scroller} className="max-h-[65vh] min-h-24 flex-1 overflow-y-auto px-2 pb-3" data-cards={items.length}>
          <ul className="relative" style={{ height: virtual.getTotalSize() }}>
            {shown.map((row) => (
              <BoardCard
                key={row.key}
                contact={items[row.index]!}
                stages={stages}
                onOpen={onOpen}
                onMove={onMove}
                index={row.index}
                total={total}
                measure={virtual.measureElement}
                style={{ position: 'absolute', top: row.start, left: 0, right: 0 }}
              />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
