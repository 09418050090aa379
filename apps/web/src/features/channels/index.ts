// The face of features/channels: the Canales card of a bot's settings.
export { ChannelsPanel } from './components/channels-panel.tsx';
// What the mass sender reads of a bot's channels: which are connected, and the WhatsApp number's approved templates.
export { useChannels, useWhatsmeowSession, useWhatsappTemplates } from './api/use-channels.ts';
