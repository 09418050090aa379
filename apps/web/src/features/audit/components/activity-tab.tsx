import { AuditList } from './audit-list.tsx';

/** Mi cuenta's Actividad tab: what was done in the account, newest first. */
export function ActivityTab() {
  return <AuditList path="/api/audit" />;
}
