// The face of features/seats: Mi cuenta's team tab and the invitation calls, composed by app/pages.
export { TeamTab, type TeamBot } from './components/team-tab.tsx';
export { useAcceptInvitation, useInvitation } from './api/use-seats.ts';
