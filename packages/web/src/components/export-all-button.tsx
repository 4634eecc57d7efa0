import { Button } from '@mui/material';
import { useState } from 'react';
import { downloadText, stampedName } from '../lib/download';
import { errorMessage } from '../lib/errors';
import { notify } from '../lib/notify';

interface Props {
  /** The button's text, and its text while `count` rows have been read. */
  label: string;
  busyLabel(count: number): string;
  /** File name stem: `stem-YYYYMMDD-HHMMSS.csv`. */
  stem: string;
  /** Reads every page matching the screen's filters, reporting rows read so far; answers the CSV text. */
  csv(onProgress: (count: number) => void): Promise<string>;
  testId?: string;
}

/** Exports every row a list's filters match (all pages, not just the one on screen) as a CSV download. */
export function ExportAllButton({ label, busyLabel, stem, csv, testId }: Props) {
  const [progress, setProgress] = useState<number | null>(null);
  const run = async () => {
    setProgress(0);
    try {
      downloadText(await csv(setProgress), stampedName(stem, 'csv'), 'text/csv;charset=utf-8');
    } catch (e) {
      notify('error', errorMessage(e));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Button variant="outlined" onClick={() => void run()} disabled={progress !== null} data-testid={testId}>
      {progress === null ? label : busyLabel(progress)}
    </Button>
  );
}
