import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ChangeEvent, type ReactNode } from 'react';

interface TextInputProps {
  label: string;
  value: string;
  onChange?(event: ChangeEvent<HTMLInputElement>): void;
  name?: string;
  type?: string;
  autoComplete?: string;
  placeholder?: string;
  helperText?: ReactNode;
  maxLength?: number;
  readOnly?: boolean;
}

/**
 * An outlined text field without MUI TextField's select support, which pulls in Select, Menu, Popover and
 * Modal: the sign-in screens use this one to keep the first page light.
 */
export function TextInput({ label, helperText, maxLength, readOnly, ...input }: TextInputProps) {
  const id = useId();
  return (
    <FormControl fullWidth size="small" variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        {...input}
        inputProps={{ ...(maxLength ? { maxLength } : {}), ...(readOnly ? { readOnly } : {}) }}
      />
      {helperText && <FormHelperText>{helperText}</FormHelperText>}
    </FormControl>
  );
}
