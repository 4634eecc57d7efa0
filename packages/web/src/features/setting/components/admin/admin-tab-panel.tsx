import { ADMIN_TABS, type AdminTab } from './admin-tabs';

/** One admin tab; its own chunk, so users who never see these tabs never download them. */
export function AdminTabPanel({ tab }: { tab: AdminTab }) {
  const Panel = ADMIN_TABS[tab];
  return <Panel />;
}
