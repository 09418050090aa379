export { PartnerClientsPage } from './components/clients-page.tsx';
export { partnerListMessages } from './api/partner-lists.ts';
export { contrastRatio, passesAA } from './contrast.ts';
