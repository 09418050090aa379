// The face of features/inbox: the conversations tab of the CRM page and the hand-off alerts.
export { InboxView } from './components/inbox-view.tsx';
export { usePendingHandoffs } from './handoff-alerts.ts';
export { useHandoffAlerts } from './use-handoff-alerts.ts';
