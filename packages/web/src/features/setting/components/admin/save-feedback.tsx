import { Alert } from '@mui/material';
import type { SaveFeedback } from './use-option-save';

/** The message of a section's last save attempt, announced to screen readers. */
export function SaveFeedbackAlert({ feedback }: { feedback: SaveFeedback | null }) {
  if (!feedback) return null;
  return (
    <Alert severity={feedback.severity} role="alert">
      {feedback.message}
    </Alert>
  );
}
