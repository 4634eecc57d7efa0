import { Alert, Snackbar, Stack } from '@mui/material';
import { useEffect } from 'react';
import { dismiss, useNotices } from '../lib/notify';
import type { Notice } from '../lib/notifier';

function Toast({ notice }: { notice: Notice }) {
  useEffect(() => {
    const timer = setTimeout(() => dismiss(notice.id), notice.severity === 'error' ? 6000 : 3000);
    return () => clearTimeout(timer);
  }, [notice]);
  return (
    <Alert
      severity={notice.severity}
      variant="filled"
      onClose={() => dismiss(notice.id)}
      data-testid="toast"
      sx={{ minWidth: 260 }}
    >
      {notice.message}
    </Alert>
  );
}

/** Shows the notifier's messages stacked at the top centre. */
export default function Notifier() {
  const notices = useNotices();
  return (
    <Snackbar open={notices.length > 0} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      <Stack spacing={1}>
        {notices.map((notice) => (
          <Toast key={notice.id} notice={notice} />
        ))}
      </Stack>
    </Snackbar>
  );
}
