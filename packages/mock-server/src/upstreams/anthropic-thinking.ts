import { createHash } from 'node:crypto';
import type { Json } from './fake-server.js';

/** Anthropic's documented test string: a request that contains it gets its thinking back redacted. */
export const REDACTED_THINKING_TRIGGER =
  'ANTHROPIC_MAGIC_STRING_TRIGGER_REDACTED_THINKING_46C9A13E193C177646C7398A98432ECCCE4C1253';

type Block = { type?: string; thinking?: string; signature?: string; data?: string };
type Message = { role?: string; content?: unknown };

const blocksOf = (m: Message | undefined): Block[] => (Array.isArray(m?.content) ? m.content : []);

/**
 * The thinking this fake handed out, so later turns are checked as Anthropic checks them: a thinking block is
 * accepted back only with the signature issued for that very text, redacted thinking only with the data issued,
 * and with thinking on, the assistant turn that tool results answer must start with its thinking.
 */
export class ThinkingSignatures {
  readonly #signed = new Map<string, string>();
  readonly #redacted = new Set<string>();

  /** A signature for `thinking`; base64 with `+`, `/` and `=` so a relay that re-encodes it is caught. */
  sign(thinking: string, n: number): string {
    const signature = `Eq+/${createHash('sha256').update(`${n}\n${thinking}`).digest('base64')}`;
    this.#signed.set(signature, thinking);
    return signature;
  }

  redact(n: number): string {
    const data = `EmwK+/${createHash('sha256').update(`redacted ${n}`).digest('base64')}`;
    this.#redacted.add(data);
    return data;
  }

  /** Anthropic's 400 message for the first thinking block it would refuse, or undefined. */
  check(body: Json): string | undefined {
    const messages = (Array.isArray(body.messages) ? body.messages : []) as Message[];
    for (const [i, m] of messages.entries()) {
      if (m.role !== 'assistant') continue;
      for (const [j, b] of blocksOf(m).entries()) {
        if (b.type === 'thinking' && this.#signed.get(b.signature ?? '') !== b.thinking)
          return `messages.${i}.content.${j}: Invalid \`signature\` in \`thinking\` block`;
        if (b.type === 'redacted_thinking' && !this.#redacted.has(b.data ?? ''))
          return `messages.${i}.content.${j}: Invalid \`data\` in \`redacted_thinking\` block`;
      }
    }
    const thinkingOn = (body.thinking as Json | undefined)?.type === 'enabled';
    const answersTools = blocksOf(messages.at(-1)).some((b) => b.type === 'tool_result');
    const turn = messages.length - 2;
    const first = blocksOf(messages[turn])[0]?.type ?? 'text';
    if (thinkingOn && answersTools && first !== 'thinking' && first !== 'redacted_thinking')
      return (
        `messages.${turn}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found ` +
        `\`${first}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block.`
      );
    return undefined;
  }
}

/** Whether any user text asks for redacted thinking. */
export const wantsRedaction = (body: Json): boolean =>
  JSON.stringify(body.messages ?? []).includes(REDACTED_THINKING_TRIGGER);
