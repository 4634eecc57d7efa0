import { InputBase, Typography } from '@mui/material';
import { useState } from 'react';
import { inlineProblem, storedValue, type InlineField } from '../lib/inline-rules';

interface Props {
  field: InlineField;
  /** Null for a tag whose channels differ. */
  value: number | null;
  label: string;
  placeholder?: string;
  /** Saves the value; called only with a valid, changed one. */
  onCommit(value: number): void;
}

/**
 * A priority or weight cell edited in place: Enter or leaving the field saves, Escape reverts, empty is
 * ignored (spec §5). An invalid value stays in the field with its message under it.
 */
export function InlineNumber({ field, value, label, placeholder, onCommit }: Props) {
  const shown = value === null ? '' : String(value);
  const [text, setText] = useState(shown);
  const [problem, setProblem] = useState<string | null>(null);
  const [base, setBase] = useState(shown);
  // Follow a value changed elsewhere (refetch) while not being edited.
  if (base !== shown) {
    setBase(shown);
    setText(shown);
  }

  const commit = () => {
    if (text.trim() === '' || text.trim() === shown) {
      setText(shown);
      setProblem(null);
      return;
    }
    const message = inlineProblem(field, text);
    setProblem(message);
    if (message) return;
    const next = storedValue(field, text);
    setText(String(next));
    if (next !== value) onCommit(next);
  };

  return (
    <div>
      <InputBase
        value={text}
        placeholder={placeholder}
        onChange={(e) => {
          setText(e.target.value);
          setProblem(null);
        }}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
          if (e.key === 'Escape') {
            setText(shown);
            setProblem(null);
          }
          e.stopPropagation();
        }}
        inputProps={{ 'aria-label': label, inputMode: 'numeric' }}
        sx={{
          width: 72,
          px: 1,
          border: 1,
          borderRadius: 1,
          borderColor: problem ? 'error.main' : 'divider',
          fontSize: 14,
        }}
      />
      {problem && (
        <Typography role="alert" variant="caption" color="error" sx={{ display: 'block', maxWidth: 140 }}>
          {problem}
        </Typography>
      )}
    </div>
  );
}
