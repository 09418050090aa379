// The face of features/audit: Mi cuenta's Actividad tab, and the list the admin console shows its trail with.
export { ActivityTab } from './components/activity-tab.tsx';
export { AuditList } from './components/audit-list.tsx';
