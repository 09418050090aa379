import { useTranslation } from '../../lib/use-translation.ts';
import { LanguageSwitch } from '../../components/ui/language-switch.tsx';
import { MenuIcon, WifiOffIcon } from '../../components/ui/icons.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { useRealtime } from '../../features/realtime/index.ts';
import { useTenant } from '../../lib/tenant-context.ts';
import { UserMenu } from './user-menu.tsx';

export function TopBar({ isMobile, drawerId, drawerOpen, onOpenDrawer }: { isMobile: boolean; drawerId: string; drawerOpen: boolean; onOpenDrawer: () => void }) {
  const { t } = useTranslation('dashboard');
  const { tenant, logoUrl } = useTenant();
  const offline = useRealtime((state) => !state.connected && state.connectError !== null);

  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-line bg-[color-mix(in_srgb,var(--bg-color)_72%,transparent)] px-4 backdrop-blur-xl sm:px-6">
      {isMobile ? (
        <>
          <button
            type="button"
            onClick={onOpenDrawer}
            aria-label={t('shell.openMenu')}
            aria-controls={drawerId}
            aria-expanded={drawerOpen}
            className="focus-ring -ms-1 grid size-10 place-items-center rounded-xl text-fg hover:bg-card"
          >
            <MenuIcon className="size-6" />
          </button>
          <Logo tenant={tenant} logoUrl={logoUrl} className="min-w-0 [&_svg]:size-8" />
        </>
      ) : null}
      <div className="ms-auto flex items-center gap-2 sm:gap-3">
        {offline ? (
          <span role="status" className="hidden items-center gap-1.5 rounded-full border border-line bg-card px-3 py-1.5 text-xs font-medium text-muted sm:inline-flex">
            <WifiOffIcon className="size-3.5" />
            {t('shell.reconnecting')}
          </span>
        ) : null}
        <LanguageSwitch />
        <UserMenu compact={isMobile} />
      </div>
    </header>
  );
}
