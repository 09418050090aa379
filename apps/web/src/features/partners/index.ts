export { PartnerClientsPage } from './components/clients-page.tsx';
export { partnerListMessages } from './api/use-partners.ts';
export { contrastRatio, passesAA } from './contrast.ts';
