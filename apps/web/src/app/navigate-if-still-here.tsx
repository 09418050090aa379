import { useEffect } from 'react';
import { useLocation, useNavigate, type To } from 'react-router';

/**
 * A redirect decided by data that came late (the home page's way to the selected assistant) goes
 * only while the address is still the page's own. A section picked meanwhile is drawn in a
 * transition, so the page that decided is still on screen when its data comes: a plain
 * `<Navigate>` from it would take the person away from what they had just picked.
 */
export function NavigateIfStillHere({ to }: { to: To }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const target = JSON.stringify(to);
  useEffect(() => {
    const here = (path: string) => path.replace(/\/+$/, '');
    if (here(window.location.pathname) === here(pathname)) void navigate(JSON.parse(target) as To, { replace: true });
  }, [navigate, pathname, target]);
  return null;
}
