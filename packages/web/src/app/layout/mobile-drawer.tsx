import { SIDEBAR_MAX_WIDTH } from '@switchboard/sdk';
import { Drawer } from '@mui/material';
import type { MenuItem } from './menu-items';
import { SideMenu } from './side-menu';

/** The side menu as a drawer on phones; loaded only there. */
export default function MobileDrawer({ items, onClose }: { items: MenuItem[]; onClose(): void }) {
  return (
    <Drawer open onClose={onClose} slotProps={{ paper: { sx: { width: SIDEBAR_MAX_WIDTH } } }}>
      <SideMenu items={items} collapsed={false} onNavigate={onClose} />
    </Drawer>
  );
}
