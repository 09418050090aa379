// The face of features/account: Mi cuenta's profile tab, composed by app/pages/account-page.tsx.
export { ProfileTab } from './components/profile-tab.tsx';
