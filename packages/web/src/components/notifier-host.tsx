import { lazy, Suspense } from 'react';
import { useNotices } from '../lib/notify';

const Notifier = lazy(() => import('./notifier'));

/** Mounts the toasts (and loads their code) only once there is something to say. */
export function NotifierHost() {
  const notices = useNotices();
  if (notices.length === 0) return null;
  return (
    <Suspense>
      <Notifier />
    </Suspense>
  );
}
