import type { InjectOptions } from 'fastify';
import type { TestApp } from '../../testing/test-app.js';

/**
 * A browser for `app.inject`: keeps the cookies the server sets (login session and visitor session) and sends
 * them back, and sends `New-Api-User` once logged in, as the console does.
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  userId: number | undefined;

  constructor(private readonly t: TestApp) {}

  async get(url: string, extra: Partial<InjectOptions> = {}) {
    return this.send({ method: 'GET', url, ...extra });
  }

  async send(opts: InjectOptions) {
    const headers: Record<string, string> = { 'accept-language': 'en', ...(opts.headers as object) };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.userId !== undefined) headers['new-api-user'] = String(this.userId);
    const res = await this.t.call({ ...opts, headers });
    for (const c of res.cookies) {
      if (
        c.value === '' ||
        (c.maxAge !== undefined && c.maxAge <= 0) ||
        (c.expires && c.expires < new Date())
      )
        this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  /** `GET /api/oauth/state`, answering the state. */
  async state(query = ''): Promise<string> {
    const res = await this.get(`/api/oauth/state${query}`);
    const body = res.json();
    if (!body.success) throw new Error(`state refused: ${body.message}`);
    return body.data as string;
  }

  async passwordLogin(username: string, password: string) {
    const res = await this.send({ method: 'POST', url: '/api/user/login', payload: { username, password } });
    const body = res.json();
    if (!body.success) throw new Error(`login failed: ${body.message}`);
    this.userId = body.data.id;
    return body;
  }
}
