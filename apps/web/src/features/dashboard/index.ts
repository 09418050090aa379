// The face of features/dashboard: what the shell and other sections show of the dashboard.
// Its pages are loaded lazily by app/router.tsx, not from here.
export { NotFoundPage, NotFoundSection } from './components/not-found-page.tsx';
export { sectionIcons } from './components/section-icons.tsx';
export { TenantSectionGuard } from './components/tenant-section-guard.tsx';
