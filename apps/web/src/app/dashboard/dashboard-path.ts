import { generalSections, isBotSection, newBotSegment, paths, type BotSection, type GeneralSection } from '../../lib/navigation.ts';

export interface DashboardLocation {
  botId: string | null;
  section: BotSection | GeneralSection | null;
}

/** What part of the dashboard a pathname points at (the shell sits above the section routes). */
export function parseDashboardPath(pathname: string): DashboardLocation {
  if (!pathname.startsWith(paths.dashboard)) return { botId: null, section: null };
  const segments = pathname
    .slice(paths.dashboard.length)
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
  const [first, second] = segments;
  if (!first || first === newBotSegment) return { botId: null, section: null };
  if (segments.length === 1 && (generalSections as readonly string[]).includes(first)) {
    return { botId: null, section: first as GeneralSection };
  }
  return { botId: first, section: isBotSection(second) ? second : null };
}
