import { Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The bar under a table's toolbar while rows are selected: how many, then the actions given as children. */
export function BulkBar({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}
      data-testid={testId}
    >
      <Typography variant="body2" sx={{ mr: 1 }}>
        {label}
      </Typography>
      {children}
    </Stack>
  );
}
