import { TextField } from '@mui/material';
import { useState } from 'react';
import { fromDateTimeInput, toDateTimeInput } from '../lib/format';

/** Filters kept in the URL with a time range as unix seconds (`''` for none). */
interface TimedFilters {
  start: string;
  end: string;
}

/**
 * A filter form's draft: the applied filters with the range as `datetime-local` text while editing. `set(key)`
 * is an input's change handler; `range()` turns the draft's range back into unix seconds for the URL.
 */
export function useFilterDraft<F extends TimedFilters>(value: F) {
  const [draft, setDraft] = useState(() => ({
    ...value,
    start: value.start ? toDateTimeInput(Number(value.start)) : '',
    end: value.end ? toDateTimeInput(Number(value.end)) : '',
  }));
  const set = (key: keyof F & string) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));
  const range = (): TimedFilters => ({
    start: String(fromDateTimeInput(draft.start) ?? ''),
    end: String(fromDateTimeInput(draft.end) ?? ''),
  });
  return { draft, setDraft, set, range };
}

const dateProps = {
  type: 'datetime-local',
  slotProps: { inputLabel: { shrink: true }, htmlInput: { step: 1 } },
} as const;

/** The two `datetime-local` fields of a filter form's range, to the second. */
export function TimeRangeFields({
  start,
  end,
  labels,
  onChange,
}: {
  start: string;
  end: string;
  labels: { start: string; end: string };
  onChange(key: 'start' | 'end'): (e: { target: { value: string } }) => void;
}) {
  return (
    <>
      <TextField
        label={labels.start}
        name="start"
        value={start}
        onChange={onChange('start')}
        {...dateProps}
      />
      <TextField label={labels.end} name="end" value={end} onChange={onChange('end')} {...dateProps} />
    </>
  );
}
