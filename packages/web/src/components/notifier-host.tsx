import { Suspense } from 'react';
import { preloadable } from '../lib/preloadable';
import { useNotices } from '../lib/notify';

const { Component: Notifier } = preloadable(
  () => import('./notifier'),
  (m) => m.default,
);

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
