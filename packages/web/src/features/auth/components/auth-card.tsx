import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 2, sm: 6 } }}>
      <Paper sx={{ p: { xs: 2, sm: 4 }, width: '100%', maxWidth: 420 }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2, textAlign: 'center' }}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
