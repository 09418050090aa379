// The face of features/playground: the button that opens the test chat with a bot.
export { BotPlaygroundLauncher, PlaygroundLauncher } from './components/playground-launcher.tsx';
