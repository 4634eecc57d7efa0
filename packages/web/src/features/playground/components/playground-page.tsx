import { PLAYGROUND_DEFAULTS } from '@switchboard/sdk';
import { Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useChat, type ChatSettings as Settings } from '../use-chat';
import { ChatSettings } from './chat-settings';
import { MessageBubble } from './message-bubble';

/** `/playground`: pick model and group, chat with a streamed answer, stop it at any time. */
export function PlaygroundPage() {
  const { t } = useTranslation();
  const chat = useChat();
  const [input, setInput] = useState('');
  const [settings, setSettings] = useState<Settings>({
    model: PLAYGROUND_DEFAULTS.model,
    group: '',
    temperature: PLAYGROUND_DEFAULTS.temperature,
    maxTokens: PLAYGROUND_DEFAULTS.maxTokens,
    system: '',
  });
  const end = useRef<HTMLDivElement>(null);
  const last = chat.messages.at(-1);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [chat.messages.length, last?.content]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!input.trim() || chat.busy) return;
    void chat.send(input.trim(), settings);
    setInput('');
  };

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: '280px 1fr' },
        alignItems: 'start',
      }}
    >
      <ChatSettings value={settings} onChange={setSettings} />
      <Paper
        sx={{
          p: 2,
          display: 'flex',
          flexDirection: 'column',
          minHeight: { xs: 400, md: 'calc(100vh - 180px)' },
        }}
      >
        <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
          {t('playground.title')}
        </Typography>
        <Stack spacing={1.5} sx={{ flex: 1, overflowY: 'auto', py: 1 }} data-testid="messages">
          {chat.messages.length === 0 && (
            <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 6 }}>
              {t('playground.empty')}
            </Typography>
          )}
          {chat.messages.map((m) => (
            <MessageBubble key={m.id} message={m} />
          ))}
          <div ref={end} />
        </Stack>
        <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, mt: 1 }}>
          <TextField
            name="prompt"
            placeholder={t('playground.placeholder')}
            value={input}
            multiline
            maxRows={6}
            onChange={(e) => setInput(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) submit(e);
            }}
          />
          {chat.busy ? (
            <Button variant="outlined" color="warning" onClick={chat.stop} data-testid="stop">
              {t('playground.stop')}
            </Button>
          ) : (
            <Button type="submit" variant="contained" data-testid="send">
              {t('playground.send')}
            </Button>
          )}
          <Button onClick={chat.clear} disabled={chat.busy}>
            {t('playground.clear')}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
