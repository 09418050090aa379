// The bot selector of the dashboard's sidebar.
export { BotSelector } from './bot-selector.tsx';
