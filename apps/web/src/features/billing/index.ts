// The face of features/billing: Mi cuenta's plan and billing tab, composed by app/pages/account-page.tsx.
export { BillingTab } from './components/billing-tab.tsx';
export { formatPrice, formatShortDate } from './billing-format.ts';
