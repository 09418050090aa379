// The face of features/channels: the Canales card of a bot's settings.
export { ChannelsPanel } from './components/channels-panel.tsx';
