// The face of features/campaigns: the mass sender's screens (list, creator, one campaign), composed by app/pages/massive-sender-page.tsx.
export { CampaignList } from './components/campaign-list.tsx';
export { CampaignCreator } from './components/creator/campaign-creator.tsx';
export { CampaignView } from './components/campaign-view.tsx';
export { newCampaignSegment } from './campaign-paths.ts';
