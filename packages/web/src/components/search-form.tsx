import { Box, Typography } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';

/** A list screen's heading and its filter fields in one form: Enter or the search button submits. */
export function SearchForm(props: { title: string; onSubmit(event: FormEvent): void; children: ReactNode }) {
  return (
    <Box
      component="form"
      onSubmit={props.onSubmit}
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <Typography variant="h6" component="h1" sx={{ mr: 2 }}>
        {props.title}
      </Typography>
      {props.children}
    </Box>
  );
}
