import type { CSSProperties } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useDraggable } from '@dnd-kit/core';
import type { Contact, PipelineStage } from '@charla/shared';
import { usePhoneFormat } from '../../../lib/phone-input.ts';
import { formatDealValue } from './crm-format.ts';
import { StageOptions } from './stage-options.tsx';

/** A card of the board: dragged by its handle, opened by its name, moved with its stage menu. */
export function BoardCard({ contact, stages, onOpen, onMove, style, index, total, measure }: {
  contact: Contact;
  stages: PipelineStage[];
  onOpen: (id: string) => void;
  onMove: (contact: Contact, stageId: string) => void;
  /** Where the virtual list places it. */
  style: CSSProperties;
  index: number;
  total: number | undefined;
  measure: (node: Element | null) => void;
}) {
  const { t, i18n } = useTranslation('crm');
  const phone = usePhoneFormat();
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: contact.id, data: { contact } });
  const name = contact.name || contact.phone || t('table.noName');
  return (
    <li
      ref={(node) => {
        setNodeRef(node);
        measure(node);
      }}
      data-index={index}
      aria-posinset={index + 1}
      aria-setsize={total ?? -1}
      style={{ ...style, ...(transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : null) }}
      className={`rounded-xl border border-line bg-surface p-3 shadow-sm ${isDragging ? 'z-10 opacity-80 shadow-lg' : ''}`}
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
      {contact.dealValueCents !== null ? (
        <p className="mt-1 truncate ps-5 text-sm font-semibold tabular-nums text-fg" data-deal-value={contact.dealValueCents}>
          <span className="sr-only">{t('fields.value')}: </span>
          {formatDealValue(contact.dealValueCents, i18n.language)}
        </p>
      ) : null}
      {contact.phone && contact.name ? <p className="mt-1 truncate ps-5 text-xs text-muted">{phone(contact.phone)}</p> : null}
      {contact.tags.length ? <p className="mt-1 truncate ps-5 text-xs text-muted">{contact.tags.join(' · ')}</p> : null}
      <label className="mt-2 block ps-5">
        <span className="sr-only">{t('board.moveTo', { name })}</span>
        <select
          value={contact.stageId ?? ''}
          onChange={(e) => onMove(contact, e.target.value)}
          className="h-8 w-full rounded-lg border border-line bg-field px-2 text-xs text-fg"
        >
          <StageOptions stages={stages} />
        </select>
      </label>
    </li>
  );
}
