import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './spinner.tsx';

export interface SwitchProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'role' | 'aria-checked'> {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Visible text beside the switch; also its accessible name unless aria-label is given. */
  label?: ReactNode;
  busy?: boolean;
}

/** An on/off switch (role="switch"). */
export function Switch({ checked, onChange, label, busy = false, disabled, className = '', ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-busy={busy || undefined}
      disabled={disabled || busy}
      onClick={() => onChange(!checked)}
      className={`focus-ring group inline-flex items-center gap-3 rounded-full text-sm font-medium text-fg disabled:cursor-not-allowed disabled:opacity-60 ${className}`}
      {...props}
    >
      <span
        aria-hidden="true"
        className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border transition ${
          checked ? 'border-transparent bg-success/90' : 'border-line bg-field'
        }`}
      >
        <span
          className={`grid size-5 place-items-center rounded-full bg-white text-brand-navy shadow transition-transform ${checked ? 'translate-x-6' : 'translate-x-1'}`}
        >
          {busy ? <Spinner className="size-3" /> : null}
        </span>
      </span>
      {label ? <span>{label}</span> : null}
    </button>
  );
}
