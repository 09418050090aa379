/** Sections for a chosen bot, in sidebar order (spec section 2). */
export const botSections = ['personalizacion', 'crm', 'citas', 'recursos', 'productos', 'massive-sender'] as const;
export type BotSection = (typeof botSections)[number];

/** General sections of the signed-in area. */
export const generalSections = ['clients', 'referidos', 'mi-cuenta', 'ayuda'] as const;
export type GeneralSection = (typeof generalSections)[number];

export type Section = BotSection | GeneralSection;

export interface NavContext {
  /** A tenant subdomain: the tenant cookie is set and not empty. */
  isTenant: boolean;
  /** Width of 900 px or less. */
  isMobile: boolean;
  /** A team agent: only the conversations, contacts and appointments of their bots. */
  isAgent?: boolean;
  /** The partner portal (tenant 'partners'): a tenant where the clients section shows. */
  isPartnerPortal?: boolean;
}

const hiddenOnTenant: ReadonlySet<Section> = new Set<Section>(['personalizacion', 'citas', 'clients', 'referidos', 'ayuda']);
const shownOnMobile: ReadonlySet<Section> = new Set<Section>(['personalizacion', 'mi-cuenta', 'ayuda']);

/** What a team agent does not open: the bot's setup, its knowledge and products, the mass sender, clients and referrals. */
const hiddenForAgent: ReadonlySet<Section> = new Set<Section>(['personalizacion', 'recursos', 'productos', 'massive-sender', 'clients', 'referidos']);

/** Hidden on a tenant subdomain, except the clients section on the partner portal (where partners manage their clients). */
function hiddenHere(section: Section, isTenant: boolean, isPartnerPortal: boolean): boolean {
  if (!isTenant || !hiddenOnTenant.has(section)) return false;
  return !(section === 'clients' && isPartnerPortal);
}

export function isSectionVisible(section: Section, { isTenant, isMobile, isAgent = false, isPartnerPortal = false }: NavContext): boolean {
  if (hiddenHere(section, isTenant, isPartnerPortal)) return false;
  if (isAgent && hiddenForAgent.has(section)) return false;
  // On a phone the partner portal keeps its own section, and an agent the one place of their work: the CRM's inbox.
  if (isMobile && !shownOnMobile.has(section) && !(section === 'clients' && isPartnerPortal) && !(isAgent && section === 'crm')) return false;
  return true;
}

/** Sections a tenant may not open at all, whatever the screen size. */
export function isSectionAllowed(section: Section, isTenant: boolean, isAgent = false, isPartnerPortal = false): boolean {
  return !hiddenHere(section, isTenant, isPartnerPortal) && !(isAgent && hiddenForAgent.has(section));
}

export function visibleBotSections(context: NavContext): BotSection[] {
  return botSections.filter((section) => isSectionVisible(section, context));
}

export function visibleGeneralSections(context: NavContext): GeneralSection[] {
  return generalSections.filter((section) => isSectionVisible(section, context));
}

/** personalizacion by default; crm on a tenant subdomain and for a team agent, where personalizacion is hidden. */
export function defaultBotSection(isTenant: boolean, isAgent = false): BotSection {
  return isTenant || isAgent ? 'crm' : 'personalizacion';
}

export function isBotSection(value: string | undefined): value is BotSection {
  return (botSections as readonly string[]).includes(value ?? '');
}

export const paths = {
  login: '/login',
  signup: '/signup',
  /** Ask for a password reset link. */
  forgotPassword: '/recuperar-contrasena',
  /** Where the e-mailed reset link opens (`?token=`). */
  resetPassword: '/restablecer-contrasena',
  /** Where an e-mailed team invitation opens (`/invitacion/{token}`). */
  invitation: '/invitacion',
  dashboard: '/app/dashboard',
  general: (section: GeneralSection) => `/app/dashboard/${section}`,
  bot: (botId: string, section: BotSection) => `/app/dashboard/${encodeURIComponent(botId)}/${section}`,
  /** The template picker, and the creation wizard with `?template=`. */
  newBot: '/app/dashboard/nuevo',
  /** Mi cuenta's plan and billing tab: where every limit notice leads. */
  plan: '/app/dashboard/mi-cuenta?tab=plan',
  /** The admin console (the main admin account only). */
  admin: '/app/dashboard/admin',
  /** "Simular cliente": a demonstration customer's phone (`/simular/{botId}?c={contactId}`), opened in its own tab. */
  demoCustomer: '/simular',
} as const;

/** The page where the owner writes as a demonstration channel customer (a new one without `contactId`). */
export function demoCustomerPath(botId: string, contactId?: string | null): string {
  return `${paths.demoCustomer}/${encodeURIComponent(botId)}${contactId ? `?c=${encodeURIComponent(contactId)}` : ''}`;
}

/** The last segment of `paths.newBot`; never a bot id. */
export const newBotSegment = 'nuevo';

/** The main internal admin account sees the CRM and its console in a light theme (light grey, black text). */
export function usesLightTheme(role: string | undefined, section: string | undefined): boolean {
  return role === 'admin' && (section === 'crm' || section === 'admin');
}
