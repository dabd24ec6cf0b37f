import { useLocation } from 'react-router-dom';
import { NotFound } from './not-found';

/** global--error-404: any unknown client path; parameter 0 is that path. */
export default function GlobalNotFoundPage() {
  const { pathname } = useLocation();
  return (
    <main className="min-h-dvh bg-slate-50">
      <NotFound path={pathname} />
    </main>
  );
}
