// The face of features/bots: the owner's bots, the selected one, the template grid. The parts
// only one page shows have faces of their own, so the pages that use this one do not download
// them: personalization/ (the settings cards) and selector/ (the sidebar's bot selector). The
// new-bot page is loaded lazily by app/router.tsx, not from here.
export { useBotLimit } from './api/use-bot-limit.ts';
export { useBotPower } from './api/use-bot-power.ts';
export { useBots } from './api/use-bots.ts';
export { botLabel, type Bot } from './bot.ts';
export { BotLimitNotice } from './components/bot-limit-notice.tsx';
export { TemplateGrid } from './components/template-grid.tsx';
export { TemplateIcon } from './components/template-icons.tsx';
export { readSelectedBotId, resolveSelectedBot, storeSelectedBotId } from './selected-bot.ts';
export { cardKeyOf } from './template-labels.ts';
export type { TourText } from './tour/onboarding-tour.ts';
export { markTourCompleted, shouldStartTour } from './tour/tour-records.ts';

/** The onboarding tour (driver.js and its styles), downloaded when a tour starts. */
export const loadOnboardingTour = () => import('./tour/onboarding-tour.ts');
