import { SearchIcon } from './icons.tsx';

const focus = 'outline-none focus:border-highlight focus:ring-3 focus:ring-highlight/25';

/**
 * How tall the box is, where its icon sits: `compact` in a narrow list, `regular` above a table,
 * `large` at the top of a page, `field` among a form's fields.
 */
const looks = {
  compact: { icon: 'start-2.5 size-4', input: `focus-ring h-9 rounded-lg bg-card-strong ps-8 pe-2 text-sm text-fg placeholder:text-muted` },
  regular: { icon: 'start-3 size-4', input: `h-10 rounded-xl bg-field ps-9 pe-3 text-sm text-fg ${focus}` },
  large: { icon: 'start-3.5 size-5', input: `h-11 rounded-xl bg-field ps-11 pe-3.5 text-[15px] text-fg placeholder:text-muted/70 ${focus}` },
  field: { icon: 'start-3 size-4', input: `h-11 rounded-xl bg-field ps-9 pe-3 text-[15px] ${focus}` },
};

/** A search box with its icon; the label is read by screen readers and, unless a placeholder is given, shown as the placeholder. */
export function SearchField({
  label,
  value,
  onChange,
  placeholder = label,
  maxLength,
  look = 'regular',
  className = '',
  autoFocus,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
  look?: keyof typeof looks;
  className?: string;
  autoFocus?: boolean;
}) {
  return (
    <label className={`relative block ${className}`}>
      <span className="sr-only">{label}</span>
      <SearchIcon className={`pointer-events-none absolute top-1/2 -translate-y-1/2 text-muted ${looks[look].icon}`} aria-hidden="true" />
      <input
        type="search"
        value={value}
        maxLength={maxLength}
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        className={`w-full border border-line ${looks[look].input}`}
      />
    </label>
  );
}
