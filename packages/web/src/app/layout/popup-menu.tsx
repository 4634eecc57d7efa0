import { Menu, MenuItem } from '@mui/material';

export interface PopupMenuProps {
  anchor: HTMLElement;
  items: Array<{ key: string; label: string; selected?: boolean; onClick(): void }>;
  onClose(): void;
}

/** The top bar's language and account menus; a chunk of its own, loaded on the first click. */
export default function PopupMenu({ anchor, items, onClose }: PopupMenuProps) {
  return (
    <Menu anchorEl={anchor} open onClose={onClose}>
      {items.map((item) => (
        <MenuItem
          key={item.key}
          selected={item.selected ?? false}
          onClick={() => {
            onClose();
            item.onClick();
          }}
        >
          {item.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
