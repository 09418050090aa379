// The cards of a bot's settings, composed by app/pages/personalization-page.tsx.
export { AssistantCard } from './assistant-card.tsx';
export { BusinessCard } from './business-card.tsx';
export { DeleteBotCard } from './delete-bot-card.tsx';
export { RedirectionCard } from './redirection-card.tsx';
export { RemindersCard } from './reminders-card.tsx';
export { ScheduleCard } from './schedule-card.tsx';
export { WelcomeCard } from './welcome-card.tsx';
