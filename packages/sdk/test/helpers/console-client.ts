/**
 * The HTTP habits of new-api 0.4.8.8.3's web console (web/src/helpers/api.js): axios with `New-API-User` (the
 * stored user's id, -1 before login) and `Cache-Control: no-store` on every call, JSON bodies, the session
 * cookie the browser keeps. Raw fetch, so the test sees statuses and bodies exactly as the console would.
 */
export interface ConsoleAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- replayed answers are indexed freely
  body: any;
}

export class ConsoleClient {
  #cookie = '';
  userId = -1;

  constructor(readonly baseUrl: string) {}

  async call(method: string, path: string, body?: unknown): Promise<ConsoleAnswer> {
    const headers: Record<string, string> = {
      'New-API-User': String(this.userId),
      'Cache-Control': 'no-store',
      Accept: 'application/json, text/plain, */*',
    };
    if (this.#cookie) headers['Cookie'] = this.#cookie;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const cookie = res.headers.get('set-cookie');
    if (cookie?.startsWith('session=')) this.#cookie = cookie.split(';')[0]!;
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  }

  get = (path: string) => this.call('GET', path);
  post = (path: string, body?: unknown) => this.call('POST', path, body ?? {});
  put = (path: string, body?: unknown) => this.call('PUT', path, body ?? {});
  delete = (path: string) => this.call('DELETE', path);

  /** The login form: `POST /api/user/login?turnstile=`, then the id is stored for `New-API-User`. */
  async login(username: string, password: string): Promise<ConsoleAnswer> {
    const answer = await this.post('/api/user/login?turnstile=', { username, password });
    if (answer.body?.success) this.userId = answer.body.data.id;
    return answer;
  }
}
