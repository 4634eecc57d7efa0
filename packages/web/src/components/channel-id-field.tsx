import { TextField } from '@mui/material';

/** The admin's channel filter on task lists: digits only, whatever is typed or pasted. */
export function ChannelIdField(props: { label: string; value: string; onChange(value: string): void }) {
  return (
    <TextField
      label={props.label}
      name="channel_id"
      value={props.value}
      onChange={(e) => props.onChange(e.target.value.replace(/\D/g, ''))}
      sx={{ maxWidth: 140 }}
    />
  );
}
