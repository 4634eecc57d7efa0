import { useRef, useState } from 'react';
import { errorMessage, isAbort } from '../../lib/errors';
import { streamChat } from './api/stream-chat';

/** Spec §4: an answer is loading, then incomplete while streaming, then complete or error. */
export type MessageState = 'loading' | 'incomplete' | 'complete' | 'error';

export interface ChatMessage {
  id: number;
  role: 'user' | 'assistant' | 'system';
  content: string;
  state: MessageState;
}

export interface ChatSettings {
  model: string;
  group: string;
  temperature: number;
  maxTokens: number;
  system: string;
}

let nextId = 1;

export function useChat() {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const controller = useRef<AbortController | null>(null);
  const busy = messages.some((m) => m.state === 'loading' || m.state === 'incomplete');

  const patch = (id: number, change: (m: ChatMessage) => Partial<ChatMessage>) =>
    setMessages((list) => list.map((m) => (m.id === id ? { ...m, ...change(m) } : m)));

  const send = async (text: string, settings: ChatSettings) => {
    const user: ChatMessage = { id: nextId++, role: 'user', content: text, state: 'complete' };
    const answer: ChatMessage = { id: nextId++, role: 'assistant', content: '', state: 'loading' };
    const history = [...messages.filter((m) => m.state !== 'error'), user];
    setMessages((list) => [...list, user, answer]);
    controller.current = new AbortController();
    try {
      await streamChat(
        {
          model: settings.model,
          ...(settings.group ? { group: settings.group } : {}),
          temperature: settings.temperature,
          ...(settings.maxTokens > 0 ? { max_tokens: settings.maxTokens } : {}),
          messages: [
            ...(settings.system.trim() ? [{ role: 'system' as const, content: settings.system.trim() }] : []),
            ...history.map((m) => ({ role: m.role, content: m.content })),
          ],
        },
        (delta) => patch(answer.id, (m) => ({ content: m.content + delta, state: 'incomplete' })),
        controller.current.signal,
      );
      patch(answer.id, () => ({ state: 'complete' }));
    } catch (error) {
      if (isAbort(error)) patch(answer.id, () => ({ state: 'complete' }));
      // A stream error is appended to the answer, which is marked error (spec §7).
      else
        patch(answer.id, (m) => ({
          content: `${m.content}${m.content ? '\n\n' : ''}${errorMessage(error)}`,
          state: 'error',
        }));
    } finally {
      controller.current = null;
    }
  };

  return {
    messages,
    busy,
    send,
    stop: () => controller.current?.abort(),
    clear: () => setMessages([]),
  };
}
