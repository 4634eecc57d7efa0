import { Box, CircularProgress } from '@mui/material';

export function Loading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }} aria-busy="true">
      <CircularProgress size={32} />
    </Box>
  );
}
