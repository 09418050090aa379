import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from '../../lib/use-translation.ts';
import { ContentSpinner } from '../../components/ui/full-screen-spinner.tsx';
import { GradientBackdrop } from '../../components/ui/gradient-backdrop.tsx';
import { useCurrentUser } from '../../features/auth/index.ts';
import { readSelectedBotId, resolveSelectedBot, storeSelectedBotId, useBots } from '../../features/bots/index.ts';
import { useBookingToasts } from '../../features/appointments/index.ts';
import { RealtimeModals, useRealtimeConnection } from '../../features/realtime/index.ts';
import { useHandoffAlerts } from '../../features/inbox/index.ts';
import { focusPageHeading } from '../../lib/focus-heading.ts';
import { useIsMobile } from '../../lib/use-media-query.ts';
import { isBotSection, paths, usesLightTheme } from '../../lib/navigation.ts';
import { useTenant } from '../../lib/tenant-context.ts';
import { parseDashboardPath } from './dashboard-path.ts';
import { MobileDrawer } from './mobile-drawer.tsx';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

const drawerId = 'dashboard-navigation';

/** The signed-in frame: sidebar (a drawer on mobile), top bar, realtime modals, and the section. */
export function DashboardShell() {
  const { t } = useTranslation('dashboard');
  const user = useCurrentUser();
  const { isTenant, isPartnerPortal } = useTenant();
  const isMobile = useIsMobile();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Crossing the mobile breakpoint closes the drawer (state adjusted while rendering, no effect).
  const [wasMobile, setWasMobile] = useState(isMobile);
  if (wasMobile !== isMobile) {
    setWasMobile(isMobile);
    setDrawerOpen(false);
  }
  const bots = useBots();
  // A new page (after signing in, or a card that opens the wizard): the focus goes to its heading, not <body>.
  useEffect(() => focusPageHeading(), [location.pathname]);

  const { botId, section } = parseDashboardPath(location.pathname);
  const botList = bots.data ?? [];
  const selectedBot = resolveSelectedBot(botList, botId ?? undefined, readSelectedBotId());
  // The bot in the address becomes the selected one, in every section, once the list has it.
  const addressedBot = botId && selectedBot?.id === botId ? botId : null;
  useEffect(() => {
    if (addressedBot) storeSelectedBotId(addressedBot);
  }, [addressedBot]);

  useRealtimeConnection(user.id, selectedBot?.id ?? null);
  useHandoffAlerts(section === 'crm' ? botId : null);
  useBookingToasts(botList);
  const currentBotSection = section !== null && isBotSection(section) ? section : null;
  const nav = { isTenant, isMobile, isPartnerPortal };
  // The console's path is not a bot's section: it is named here for the theme.
  const light = usesLightTheme(user.role, location.pathname === paths.admin ? 'admin' : (section ?? undefined));

  const sidebar = (
    <Sidebar
      nav={nav}
      bots={botList}
      botsLoading={bots.isPending}
      selectedBot={selectedBot}
      currentBotSection={currentBotSection}
      onNavigate={isMobile ? () => setDrawerOpen(false) : undefined}
    />
  );

  return (
    <div data-theme={light ? 'light' : undefined} className="relative isolate flex min-h-dvh bg-surface text-fg">
      <GradientBackdrop />
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-highlight px-4 py-2 font-semibold text-on-highlight focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {t('shell.skipToContent')}
      </a>

      {isMobile ? (
        <MobileDrawer id={drawerId} open={drawerOpen} onClose={() => setDrawerOpen(false)}>
          {sidebar}
        </MobileDrawer>
      ) : (
        <aside className="sticky top-0 h-dvh w-72 shrink-0 border-e border-line bg-card backdrop-blur-xl">{sidebar}</aside>
      )}

      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar isMobile={isMobile} drawerId={drawerId} drawerOpen={drawerOpen} onOpenDrawer={() => setDrawerOpen(true)} />
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-8 sm:py-10">
          <div className="mx-auto w-full max-w-5xl">
            <Suspense fallback={<ContentSpinner />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>

      <RealtimeModals />
    </div>
  );
}
