import { Alert, type SxProps, type Theme } from '@mui/material';

interface FormErrorProps {
  /** Nothing is drawn while it is empty. */
  message: string | null | undefined;
  sx?: SxProps<Theme>;
  testId?: string;
}

/** A form's error under its fields: the validation message or the server's refusal, read out as an alert. */
export function FormError({ message, sx, testId }: FormErrorProps) {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert" sx={sx} data-testid={testId}>
      {message}
    </Alert>
  );
}
