import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type VisibilityState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Contact, ContactSort, PipelineStage } from '@charla/shared';
import { contactColumns, nextSort, readHiddenColumns, sortableColumns, sortState, writeHiddenColumns, type ContactColumn } from './contacts-table-state.ts';
import { formatWhen } from './crm-format.ts';
import { useDismissable } from '../../../lib/use-dismissable.ts';
import { usePhoneFormat } from '../../../lib/phone-input.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';

const rowHeight = 45;

/** The columns the owner shows, remembered per bot in this browser. */
export function useColumnChoice(botId: string) {
  const [hidden, setHidden] = useState<ContactColumn[]>(() => readHiddenColumns(botId));
  useEffect(() => setHidden(readHiddenColumns(botId)), [botId]);
  const toggle = (column: ContactColumn, shown: boolean) => {
    const next = shown ? hidden.filter((c) => c !== column) : [...hidden, column];
    setHidden(next);
    writeHiddenColumns(botId, next);
  };
  return { hidden, toggle };
}

/** A menu of checkboxes: which columns the table shows. */
export function ColumnChooser({ hidden, onToggle }: { hidden: ContactColumn[]; onToggle: (column: ContactColumn, shown: boolean) => void }) {
  const { t } = useTranslation('crm');
  const menu = useRef<HTMLDetailsElement>(null);
  useDismissable(menu);
  return (
    // Only the table has columns: on a phone, where contacts are cards, there is nothing to choose.
    <details ref={menu} className="relative hidden md:block">
      <summary className="focus-ring flex h-9 cursor-pointer list-none items-center rounded-xl border border-line bg-field px-3 text-sm font-semibold text-fg">{t('columns.choose')}</summary>
      <fieldset className="absolute end-0 z-20 mt-1 w-56 space-y-1 rounded-xl border border-line bg-surface p-3 shadow-xl">
        <legend className="sr-only">{t('columns.choose')}</legend>
        {contactColumns.map((c) => (
          <label key={c} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={c === 'name' || !hidden.includes(c)} disabled={c === 'name'} onChange={(e) => onToggle(c, e.target.checked)} className="size-4 accent-[var(--highlight-color)]" />
            {t(`columns.${c}`)}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

interface Props {
  contacts: Contact[];
  stages: PipelineStage[];
  hidden: ContactColumn[];
  sort: ContactSort;
  onSort: (sort: ContactSort) => void;
  onOpen: (id: string) => void;
  /** Called when the last rows come into view (the next page is read). */
  onEnd: () => void;
  /** The contacts ticked for merging, and how a tick changes. */
  picked: Contact[];
  onPick: (contact: Contact) => void;
}

/**
 * The contacts as a table (TanStack Table): the server sorts (name, first contact), the owner
 * picks the columns, and only the rows in view are in the page (TanStack Virtual).
 */
export function ContactsTable(props: Props) {
  // A phone shows each contact as a card; the table needs a wider screen.
  const narrow = useMediaQuery('(max-width: 767px)');
  return narrow ? <ContactCards {...props} /> : <ContactsGrid {...props} />;
}

/** The contacts as cards on a phone: name, phone, stage and last contact; the name opens it. */
function ContactCards({ contacts, stages, onOpen, picked, onPick }: Props) {
  const { t } = useTranslation(['crm', 'common']);
  const phone = usePhoneFormat();
  const stageName = (id: string | null) => stages.find((s) => s.id === id)?.name ?? '—';
  return (
    <ul className="space-y-2" aria-label={t('table.caption')} data-rows={contacts.length}>
      {contacts.map((c) => (
        <li key={c.id} data-contact={c.id} className="flex gap-3 rounded-xl border border-line bg-surface p-3">
          <input type="checkbox" className="mt-1 size-4 shrink-0 accent-[var(--highlight-color)]" checked={picked.some((p) => p.id === c.id)} onChange={() => onPick(c)} aria-label={t('merge.select', { name: c.name || t('table.noName') })} />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <button type="button" className="focus-ring min-w-0 rounded text-start font-semibold break-words text-fg underline-offset-2 hover:underline" onClick={() => onOpen(c.id)}>
                {c.name || t('table.noName')}
              </button>
              {!c.marketingConsent ? <span className="rounded bg-danger/10 px-1.5 py-0.5 text-xs text-danger">{t('table.optedOut')}</span> : null}
            </div>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
              <dt className="text-muted">{t('columns.phone')}</dt>
              <dd className="min-w-0 break-words">{c.phone ? phone(c.phone) : '—'}</dd>
              <dt className="text-muted">{t('columns.stage')}</dt>
              <dd className="min-w-0 break-words">{stageName(c.stageId)}</dd>
              <dt className="text-muted">{t('columns.last')}</dt>
              <dd className="min-w-0">{c.lastContactAt ? formatWhen(c.lastContactAt) : '—'}</dd>
            </dl>
          </div>
        </li>
      ))}
    </ul>
  );
}

function ContactsGrid({ contacts, stages, hidden, sort, onSort, onOpen, onEnd, picked, onPick }: Props) {
  const { t } = useTranslation(['crm', 'common']);
  const phone = usePhoneFormat();
  const columns = useMemo<ColumnDef<Contact>[]>(() => {
    const stageName = (id: string | null) => stages.find((s) => s.id === id)?.name ?? '—';
    return [
      { id: 'name', header: t('columns.name'), cell: ({ row: { original: c } }) => c.name || t('table.noName') },
      { id: 'phone', header: t('columns.phone'), cell: ({ row: { original: c } }) => (c.phone ? phone(c.phone) : '—') },
      { id: 'email', header: t('columns.email'), cell: ({ row: { original: c } }) => (c.email ? <span className="break-all">{c.email}</span> : '—') },
      { id: 'stage', header: t('columns.stage'), cell: ({ row: { original: c } }) => stageName(c.stageId) },
      { id: 'tags', header: t('columns.tags'), cell: ({ row: { original: c } }) => c.tags.join(', ') || '—' },
      { id: 'source', header: t('columns.source'), cell: ({ row: { original: c } }) => (c.sourceChannel ? t(`common:channelNames.${c.sourceChannel}`) : t('table.byHand')) },
      { id: 'first', header: t('columns.first'), cell: ({ row: { original: c } }) => formatWhen(c.firstContactAt) },
      { id: 'last', header: t('columns.last'), cell: ({ row: { original: c } }) => (c.lastContactAt ? formatWhen(c.lastContactAt) : '—') },
    ];
  }, [t, stages, phone]);
  const columnVisibility: VisibilityState = Object.fromEntries(hidden.map((c) => [c, false]));
  const table = useReactTable({ data: contacts, columns, state: { columnVisibility }, getCoreRowModel: getCoreRowModel(), manualSorting: true, getRowId: (c) => c.id });
  const rows = table.getRowModel().rows;

  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => rowHeight, overscan: 10 });
  const items = virtual.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? -1;
  useEffect(() => {
    if (lastIndex >= rows.length - 5) onEnd();
  }, [lastIndex, rows.length, onEnd]);
  const before = items[0]?.start ?? 0;
  const after = virtual.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const current = sortState(sort);
  const span = table.getVisibleLeafColumns().length + 1;

  return (
    <div ref={scroller} className="max-h-[70vh] overflow-auto rounded-xl border border-line" data-rows={rows.length}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('table.caption')}</caption>
        <thead className="sticky top-0 z-10 bg-surface text-xs uppercase tracking-wide text-muted">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              <th scope="col" className="w-8 px-3 py-2">
                <span className="sr-only">{t('merge.selected')}</span>
              </th>
              {group.headers.map((header) => {
                const id = header.column.id as ContactColumn;
                const sorted = current.column === id ? (current.desc ? 'descending' : 'ascending') : undefined;
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th key={header.id} scope="col" aria-sort={sortableColumns[id] ? (sorted ?? 'none') : undefined} className="px-3 py-2 align-bottom">
                    {sortableColumns[id] ? (
                      <button type="button" onClick={() => onSort(nextSort(sort, id))} className="focus-ring -mx-1 inline-flex items-center gap-1 rounded px-1 text-start uppercase hover:text-fg">
                        {label}
                        <span aria-hidden="true" className={sorted ? 'text-fg' : 'opacity-40'}>
                          {sorted === 'descending' ? '↓' : sorted === 'ascending' ? '↑' : '↕'}
                        </span>
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {before > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={span} style={{ height: before }} />
            </tr>
          ) : null}
          {items.map((item) => {
            const row = rows[item.index]!;
            const c = row.original;
            return (
              <tr key={row.id} data-index={item.index} ref={virtual.measureElement} className="border-t border-line hover:bg-card/60">
                <td className="px-3 py-2 align-top">
                  <input type="checkbox" className="size-4 accent-[var(--highlight-color)]" checked={picked.some((p) => p.id === c.id)} onChange={() => onPick(c)} aria-label={t('merge.select', { name: c.name || t('table.noName') })} />
                </td>
                {row.getVisibleCells().map((cell) =>
                  cell.column.id === 'name' ? (
                    <th key={cell.id} scope="row" className="px-3 py-2 align-top font-medium break-words">
                      <button type="button" className="focus-ring rounded text-start text-fg underline-offset-2 hover:underline" onClick={() => onOpen(c.id)}>
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </button>
                      {!c.marketingConsent ? <span className="ms-2 rounded bg-danger/10 px-1.5 py-0.5 text-xs text-danger">{t('table.optedOut')}</span> : null}
                    </th>
                  ) : (
                    <td key={cell.id} className={`px-3 py-2 align-top ${cell.column.id === 'phone' ? 'whitespace-nowrap' : ''}`}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ),
                )}
              </tr>
            );
          })}
          {after > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={span} style={{ height: after }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
