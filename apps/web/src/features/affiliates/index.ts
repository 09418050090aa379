// The face of features/affiliates: the Referidos page (loaded lazily by app/router.tsx) and the
// main admin's list and payout action, composed by the admin console.
export { ReferidosPage } from './components/referidos-page.tsx';
export { affiliateKeys, useAffiliatesList, useMarkPayoutPaid, useSetAffiliateStatus } from './api/use-affiliates.ts';
export { formatMonth, formatSums } from './money.ts';
