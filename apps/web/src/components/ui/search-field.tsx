import { SearchIcon } from './icons.tsx';

/** A search box with its icon; the label is read by screen readers and shown as the placeholder. */
export function SearchField({ label, value, onChange, className = '', autoFocus }: { label: string; value: string; onChange: (value: string) => void; className?: string; autoFocus?: boolean }) {
  return (
    <label className={`relative block ${className}`}>
      <span className="sr-only">{label}</span>
      <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted" aria-hidden="true" />
      <input
        type="search"
        value={value}
        maxLength={200}
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.target.value)}
        placeholder={label}
        className="h-10 w-full rounded-xl border border-line bg-field ps-9 pe-3 text-sm text-fg outline-none focus:border-highlight focus:ring-3 focus:ring-highlight/25"
      />
    </label>
  );
}
