import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/use-translation.ts';
import { ChevronDownIcon, LogoutIcon, TableIcon, UserIcon } from '../../components/ui/icons.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useCurrentUser, useSignOut } from '../../features/auth/index.ts';
import { paths } from '../../lib/navigation.ts';
import { initials } from '../../lib/avatar-initials.ts';

/** Avatar button with the user's name, a link to their account and sign-out. */
export function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation('dashboard');
  const user = useCurrentUser();
  const { signOut, pending } = useSignOut();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const onMenuKey = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = Array.from(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const next = event.key === 'ArrowDown' ? (index + 1) % items.length : (index - 1 + items.length) % items.length;
    items[next]?.focus();
  };

  const itemClass = 'focus-ring flex h-10 w-full items-center gap-2.5 rounded-lg px-3 text-sm font-medium text-fg hover:bg-card focus-visible:bg-card';

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        // The name starts with what the button shows (the initials, and the name when there is room).
        aria-label={t('userMenu.open', { name: compact ? initials(user.name) : `${initials(user.name)} ${user.name}` })}
        onClick={() => setOpen((value) => !value)}
        className="focus-ring flex h-10 items-center gap-2 rounded-full border border-line bg-card ps-1 pe-2 transition hover:bg-[color-mix(in_srgb,var(--font-color)_10%,transparent)]"
      >
        <span className="grid size-8 place-items-center rounded-full bg-brand-gradient text-xs font-bold text-white">{initials(user.name)}</span>{' '}
        {compact ? null : <span className="max-w-36 truncate text-sm font-medium">{user.name}</span>}
        <ChevronDownIcon className={`size-4 text-muted transition ${open ? 'rotate-180' : ''}`} />
      </button>

      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label={t('userMenu.label')}
          onKeyDown={onMenuKey}
          className="absolute end-0 top-12 z-40 w-64 rounded-2xl border border-line bg-card-strong p-2 shadow-2xl backdrop-blur-xl animate-fade-in"
        >
          <div className="border-b border-line px-3 pt-1 pb-3">
            <p className="truncate text-sm font-semibold">{user.name}</p>
            <p className="truncate text-xs text-muted">{user.email}</p>
          </div>
          <div className="pt-2">
            <Link role="menuitem" to={paths.general('mi-cuenta')} onClick={() => setOpen(false)} className={itemClass}>
              <UserIcon className="size-4 text-muted" />
              {t('userMenu.account')}
            </Link>
            {user.role === 'admin' ? (
              <Link role="menuitem" to={paths.admin} onClick={() => setOpen(false)} className={itemClass}>
                <TableIcon className="size-4 text-muted" />
                {t('userMenu.admin')}
              </Link>
            ) : null}
            <button role="menuitem" type="button" onClick={signOut} disabled={pending} className={`${itemClass} disabled:opacity-60`}>
              {pending ? <Spinner className="size-4" /> : <LogoutIcon className="size-4 text-muted" />}
              {pending ? t('userMenu.signingOut') : t('userMenu.signOut')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
