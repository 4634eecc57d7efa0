import { Button, Stack, TextField } from '@mui/material';
import type { ChangeEvent, ReactNode } from 'react';

interface FieldWithButtonProps {
  label: string;
  name?: string;
  value: string;
  /** Without it the field is read-only (a value to copy). */
  onChange?(value: string): void;
  buttonLabel: ReactNode;
  onClick(): unknown;
  disabled?: boolean;
  variant?: 'outlined' | 'contained';
  /** Keeps the button from narrowing while its label counts down. */
  buttonMinWidth?: number;
}

/** A text field with the one action it serves beside it: send a code, bind, copy, generate, transfer. */
export function FieldWithButton(p: FieldWithButtonProps) {
  const { onChange } = p;
  return (
    <Stack direction="row" spacing={1}>
      <TextField
        label={p.label}
        name={p.name}
        value={p.value}
        {...(onChange
          ? { onChange: (e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value) }
          : { slotProps: { input: { readOnly: true } } })}
      />
      <Button
        variant={p.variant ?? 'outlined'}
        sx={{ whiteSpace: 'nowrap', ...(p.buttonMinWidth ? { minWidth: p.buttonMinWidth } : {}) }}
        disabled={p.disabled ?? false}
        onClick={() => void p.onClick()}
      >
        {p.buttonLabel}
      </Button>
    </Stack>
  );
}
