import { apiErrorFor, BusinessError } from '@switchboard/sdk';
import { fetchErrorText, httpFetch } from '../../core/http-fetch.js';
import { defineCommand } from '../../core/command.js';
import { CliError, ExitCode, toCliError, usageError } from '../../core/errors.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export default defineCommand<{
  method: string;
  path: string;
  data?: string;
  paginate?: boolean;
  raw?: boolean;
}>({
  path: 'api',
  summary: 'Call any endpoint with your credentials (the escape hatch)',
  description:
    'Prints the JSON answer. A {success:false} answer exits 1 (or the matching code) with the server’s message. ' +
    '--paginate walks a GET list page by page and prints one array.',
  args: [
    { name: 'method', description: 'GET, POST, PUT, PATCH or DELETE', required: true },
    { name: 'path', description: 'path such as /api/channel/?p=0', required: true },
  ],
  options: [
    { flags: '-d, --data <json>', description: 'JSON request body' },
    { flags: '--paginate', description: 'fetch every page of a GET list' },
  ],
  output: true,
  examples: [
    'swb api GET /api/status',
    'swb api PUT /api/option/ --data \'{"key":"RetryTimes","value":"3"}\'',
    'swb api GET /api/log/ --paginate --jq length',
  ],
  async run(opts, ctx) {
    const method = opts.method.toUpperCase();
    if (!METHODS.includes(method)) throw usageError(`METHOD must be one of ${METHODS.join(', ')}`);
    if (!opts.path.startsWith('/')) throw usageError('PATH must start with /');
    let body: string | undefined;
    if (opts.data !== undefined) {
      try {
        body = JSON.stringify(JSON.parse(opts.data));
      } catch {
        throw usageError('--data must be valid JSON');
      }
    }
    const s = ctx.settings();
    if (!s.url) throw new CliError('No server configured.', ExitCode.NotAuthenticated, 'swb login');
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': ctx.lang };
    if (body) headers['Content-Type'] = 'application/json';
    if (s.token) headers['Authorization'] = s.token;
    if (s.userId !== undefined) headers['New-Api-User'] = String(s.userId);
    const call = async (path: string): Promise<unknown> => {
      let res: Response;
      try {
        res = await httpFetch(s.url + path, {
          method,
          headers,
          ...(body ? { body } : {}),
          signal: ctx.io.signal,
        });
      } catch (error) {
        throw new CliError(`Connection error: ${fetchErrorText(error)}`, ExitCode.Network);
      }
      const text = await res.text();
      let json: unknown = text;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON: printed as text */
      }
      if (!res.ok) throw toCliError(apiErrorFor(res.status, json, res.headers));
      if (json && typeof json === 'object' && (json as { success?: unknown }).success === false)
        throw toCliError(
          new BusinessError({
            status: res.status,
            message: String((json as { message?: unknown }).message ?? 'failed'),
            body: json,
          }),
        );
      return json;
    };
    if (!opts.paginate || method !== 'GET') return ctx.out.value(await call(opts.path));
    const all: unknown[] = [];
    const size = 100;
    for (let page = 1; page < 100_000; page++) {
      const url = new URL(opts.path, 'http://x');
      url.searchParams.set('page', String(page));
      url.searchParams.set('page_size', String(size));
      url.searchParams.set('size', String(size));
      // new-api numbers some lists from 0 and others from 1; `page` is what our server reads. Keep p 1-based
      // only when the caller passed p=1 first.
      const firstP = Number(new URL(opts.path, 'http://x').searchParams.get('p') ?? 0);
      url.searchParams.set('p', String(page - 1 + firstP));
      const answer = (await call(url.pathname + url.search)) as { data?: unknown };
      const data = answer && typeof answer === 'object' && 'data' in answer ? answer.data : answer;
      const items = Array.isArray(data) ? data : ((data as { items?: unknown[] } | null)?.items ?? []);
      all.push(...items);
      const total = (data as { total?: number } | null)?.total;
      if (items.length < size || (total !== undefined && all.length >= total)) break;
    }
    await ctx.out.value(all);
  },
});
