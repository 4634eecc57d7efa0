import { Box, CircularProgress, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../use-chat';

export function MessageBubble({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const mine = message.role === 'user';
  return (
    <Box sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}>
      <Paper
        data-testid={`message-${message.role}`}
        data-state={message.state}
        sx={{
          px: 2,
          py: 1,
          maxWidth: '85%',
          bgcolor: mine ? 'primary.main' : message.state === 'error' ? 'error.light' : 'background.paper',
          color: mine
            ? 'primary.contrastText'
            : message.state === 'error'
              ? 'error.contrastText'
              : 'text.primary',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {message.state === 'loading' ? (
          <CircularProgress size={16} aria-label={t('playground.state.loading')} />
        ) : (
          <Typography component="div" variant="body2">
            {message.content}
          </Typography>
        )}
        {message.state === 'incomplete' && (
          <Typography variant="caption" sx={{ opacity: 0.7 }}>
            {t('playground.state.incomplete')}
          </Typography>
        )}
      </Paper>
    </Box>
  );
}
