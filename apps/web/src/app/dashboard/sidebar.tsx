import { Link, NavLink } from 'react-router';
import { useTranslation } from '../../lib/use-translation.ts';
import { LockIcon } from '../../components/ui/icons.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import type { Bot } from '../../features/bots/index.ts';
import { BotSelector } from '../../features/bots/selector/index.ts';
import { paths, visibleBotSections, visibleGeneralSections, type BotSection, type NavContext, type Section } from '../../lib/navigation.ts';
import { useTenant } from '../../lib/tenant-context.ts';
import { useCurrentUser } from '../../features/auth/index.ts';
import { sectionIcons } from '../../features/dashboard/index.ts';
import { usePendingHandoffs } from '../../features/inbox/index.ts';

const itemBase = 'focus-ring group flex h-11 items-center gap-3 rounded-xl px-3 text-[15px] font-medium transition';

function SectionLink({ section, to, onNavigate, badge = 0 }: { section: Section; to: string; onNavigate?: (() => void) | undefined; badge?: number }) {
  const { t } = useTranslation('dashboard');
  const Icon = sectionIcons[section];
  return (
    <li>
      <NavLink
        to={to}
        onClick={onNavigate}
        data-tour={`section-${section}`}
        className={({ isActive }) =>
          `${itemBase} ${isActive ? 'bg-highlight/18 text-fg shadow-[inset_3px_0_0_var(--highlight-color)]' : 'text-muted hover:bg-card hover:text-fg'}`
        }
      >
        <Icon className="size-5 shrink-0" />
        <span className="truncate">{t(`sections.${section}.label`)}</span>
        {badge > 0 ? (
          <span className="ms-auto grid h-5 min-w-5 place-items-center rounded-full bg-danger px-1.5 text-[11px] font-bold text-white" data-badge={badge}>
            {/* The number is seen; a screen reader reads what it counts instead. */}
            <span aria-hidden="true">{badge}</span>
            <span className="sr-only">{t('shell.pendingHandoffs', { count: badge })}</span>
          </span>
        ) : null}
      </NavLink>
    </li>
  );
}

function DisabledSection({ section, hintId }: { section: BotSection; hintId: string }) {
  const { t } = useTranslation('dashboard');
  const Icon = sectionIcons[section];
  return (
    <li>
      <span aria-disabled="true" aria-describedby={hintId} title={t('shell.needsBot')} className={`${itemBase} cursor-not-allowed text-muted/60`}>
        <Icon className="size-5 shrink-0" />
        <span className="truncate">{t(`sections.${section}.label`)}</span>
        <LockIcon className="ms-auto size-3.5 opacity-70" />
      </span>
    </li>
  );
}

export interface SidebarProps {
  nav: NavContext;
  bots: readonly Bot[];
  botsLoading: boolean;
  selectedBot: Bot | null;
  currentBotSection: BotSection | null;
  /** Closes the mobile drawer after a choice. */
  onNavigate?: () => void;
}

export function Sidebar({ nav, bots, botsLoading, selectedBot, currentBotSection, onNavigate }: SidebarProps) {
  const { t } = useTranslation('dashboard');
  const { tenant, logoUrl } = useTenant();
  const isAgent = useCurrentUser().seat?.role === 'agent';
  const botItems = visibleBotSections({ ...nav, isAgent });
  const generalItems = visibleGeneralSections({ ...nav, isAgent });
  const hintId = 'sidebar-needs-bot';
  const handoffs = usePendingHandoffs(selectedBot?.id ?? null);

  return (
    <div className="flex h-full flex-col gap-6 overflow-y-auto px-4 py-5">
      <Link to={paths.dashboard} onClick={onNavigate} className="focus-ring flex h-10 items-center rounded-lg px-1">
        <Logo tenant={tenant} logoUrl={logoUrl} />
        {/* The name keeps what the link shows ("Charla") and says where it goes. */}
        <span className="sr-only">{`, ${t('shell.home')}`}</span>
      </Link>

      <BotSelector bots={bots} selected={selectedBot} section={currentBotSection} isTenant={nav.isTenant} isAgent={isAgent} loading={botsLoading} onNavigate={onNavigate} />

      <nav aria-label={t('shell.navLabel')} className="flex flex-1 flex-col gap-6">
        {botItems.length > 0 ? (
          <div>
            <h2 className="mb-2 px-3 text-xs font-semibold tracking-wider text-muted uppercase">{t('shell.botGroup')}</h2>
            <ul className="space-y-1">
              {botItems.map((section) =>
                selectedBot ? (
                  <SectionLink key={section} section={section} to={paths.bot(selectedBot.id, section)} onNavigate={onNavigate} badge={section === 'crm' ? handoffs : 0} />
                ) : (
                  <DisabledSection key={section} section={section} hintId={hintId} />
                ),
              )}
            </ul>
            {selectedBot ? null : (
              <p id={hintId} className="mt-2 px-3 text-xs leading-relaxed text-muted">
                {t('shell.needsBot')}
              </p>
            )}
          </div>
        ) : null}

        {generalItems.length > 0 ? (
          <div>
            <h2 className="mb-2 px-3 text-xs font-semibold tracking-wider text-muted uppercase">{t('shell.generalGroup')}</h2>
            <ul className="space-y-1">
              {generalItems.map((section) => (
                <SectionLink key={section} section={section} to={paths.general(section)} onNavigate={onNavigate} />
              ))}
            </ul>
          </div>
        ) : null}
        {nav.isMobile ? (
          // The spec keeps the other sections off phones; say so, so they do not vanish without a word.
          <p className="mt-auto px-3 text-xs leading-relaxed text-muted" data-testid="wider-screen-note">
            {t('shell.widerScreen')}
          </p>
        ) : null}
      </nav>
    </div>
  );
}
