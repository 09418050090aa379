import { useRef, type KeyboardEvent, type ReactNode } from 'react';

/** The ids joining a tab and its panel: `<prefix>-tab-<id>` and `<prefix>-panel-<id>`. */
export const tabId = (prefix: string, id: string): string => `${prefix}-tab-${id}`;
export const tabPanelId = (prefix: string, id: string): string => `${prefix}-panel-${id}`;

/** The tab an arrow, Home or End key moves to (wrapping around), or null for any other key. */
export function tabAfterKey<T>(tabs: readonly T[], current: T, key: string): T | null {
  const index = tabs.indexOf(current);
  if (key === 'ArrowRight' || key === 'ArrowDown') return tabs[(index + 1) % tabs.length] ?? null;
  if (key === 'ArrowLeft' || key === 'ArrowUp') return tabs[(index - 1 + tabs.length) % tabs.length] ?? null;
  if (key === 'Home') return tabs[0] ?? null;
  if (key === 'End') return tabs[tabs.length - 1] ?? null;
  return null;
}

/**
 * A row of tabs (role="tablist"): the chosen one is the only one in the Tab order, the arrow keys,
 * Home and End move between them and open the one they reach. The panel is the page's, with
 * `role="tabpanel"`, `id={tabPanelId(prefix, value)}` and `aria-labelledby={tabId(prefix, value)}`.
 * Only the chosen tab names its panel (`aria-controls`): the others' panels are not in the page.
 */
export function TabList<T extends string>({
  tabs,
  value,
  onChange,
  label,
  idPrefix,
  labelOf,
  className = '',
}: {
  tabs: readonly T[];
  value: T;
  onChange: (tab: T) => void;
  label: string;
  idPrefix: string;
  labelOf: (tab: T) => ReactNode;
  className?: string;
}) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = tabAfterKey(tabs, value, event.key);
    if (next === null) return;
    event.preventDefault();
    onChange(next);
    list.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabId(idPrefix, next))}`)?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label={label} onKeyDown={onKeyDown} className={`flex max-w-full min-w-0 overflow-x-auto sm:gap-1 ${className}`}>
      {tabs.map((id) => (
        <button
          key={id}
          role="tab"
          type="button"
          id={tabId(idPrefix, id)}
          aria-selected={value === id}
          aria-controls={value === id ? tabPanelId(idPrefix, id) : undefined}
          tabIndex={value === id ? 0 : -1}
          onClick={() => onChange(id)}
          className={`focus-ring -mb-px shrink-0 border-b-2 px-1.5 py-2 text-[13px] font-semibold sm:px-3 sm:text-sm ${value === id ? 'border-highlight text-fg' : 'border-transparent text-muted hover:text-fg'}`}
        >
          {labelOf(id)}
        </button>
      ))}
    </div>
  );
}
