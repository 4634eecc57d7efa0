import { apiErrorFor, SseParser, TokenStatus } from '@switchboard/sdk';
import { safeText } from '../../core/safe-text.js';
import { fetchErrorText, httpFetch } from '../../core/http-fetch.js';
import { defineCommand } from '../../core/command.js';
import type { Context } from '../../core/context.js';
import { CliError, ExitCode, toCliError } from '../../core/errors.js';

interface Opts {
  prompt: string;
  model?: string;
  system?: string;
  key?: string;
}

export default defineCommand<Opts>({
  path: 'chat',
  summary: 'Send a prompt through the relay and stream the answer as it comes',
  description:
    'Uses an API key: --key, SWB_API_KEY, or else your first enabled token (read with the SDK, never printed). ' +
    'The answer streams to stdout; usage goes to stderr.',
  args: [{ name: 'prompt', description: 'the message', required: true }],
  options: [
    { flags: '-m, --model <model>', description: 'model name', default: 'gpt-4o-mini' },
    { flags: '--system <text>', description: 'system message' },
    { flags: '--key <sk>', description: 'API key to use (env SWB_API_KEY)' },
  ],
  examples: ['swb chat "Say hi" --model gpt-4o-mini', 'echo "$(swb chat "One word: yes or no?")"'],
  async run(opts, ctx) {
    const settings = ctx.settings();
    const key = opts.key ?? ctx.io.env['SWB_API_KEY'] ?? (await firstKey(ctx));
    const messages = [
      ...(opts.system ? [{ role: 'system', content: opts.system }] : []),
      { role: 'user', content: opts.prompt },
    ];
    let response: Response;
    try {
      response = await httpFetch(`${settings.url}/v1/chat/completions`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${key}`,
          'Content-Type': 'application/json',
          Accept: 'text/event-stream',
        },
        body: JSON.stringify({
          model: opts.model,
          messages,
          stream: true,
          stream_options: { include_usage: true },
        }),
        signal: ctx.io.signal,
      });
    } catch (error) {
      if (ctx.io.signal.aborted) throw new CliError('Cancelled', ExitCode.Cancelled);
      throw new CliError(`Connection error: ${fetchErrorText(error)}`, ExitCode.Network);
    }
    if (!response.ok || !response.body) {
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* plain text error */
      }
      throw toCliError(apiErrorFor(response.status, body, response.headers));
    }
    const parser = new SseParser();
    const decoder = new TextDecoder();
    let usage: { prompt_tokens?: number; completion_tokens?: number } | undefined;
    try {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const event of parser.feed(decoder.decode(value, { stream: true }))) {
          if (event.data === '[DONE]') continue;
          const data = JSON.parse(event.data) as {
            choices?: { delta?: { content?: string } }[];
            usage?: typeof usage;
            error?: { message?: string };
          };
          if (data.error) throw new CliError(data.error.message ?? 'stream error', ExitCode.Failure);
          const text = data.choices?.[0]?.delta?.content;
          // Model output can be steered by the prompt: no terminal escapes, line breaks and tabs kept.
          if (text) ctx.io.stdout.write(safeText(text, '\n\t'));
          if (data.usage) usage = data.usage;
        }
      }
    } catch (error) {
      if (ctx.io.signal.aborted) throw new CliError('Cancelled', ExitCode.Cancelled);
      throw error;
    }
    ctx.io.stdout.write('\n');
    if (usage)
      ctx.out.note(`tokens: ${usage.prompt_tokens ?? 0} prompt, ${usage.completion_tokens ?? 0} completion`);
  },
});

async function firstKey(ctx: Context): Promise<string> {
  const client = ctx.client();
  for await (const token of client.tokens.list({ pageSize: 100 }, ctx.req)) {
    if (token.status !== TokenStatus.Enabled) continue;
    const key = await client.tokens.revealKey(token.id, ctx.req);
    return key.startsWith('sk-') ? key : `sk-${key}`;
  }
  throw new CliError(
    'No enabled API key found.',
    ExitCode.Failure,
    'swb tokens create --name chat --unlimited',
  );
}
