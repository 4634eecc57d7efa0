/**
 * A minimal in-memory cookie jar for runtimes without one (Node, Deno, Bun).
 * Browsers never expose `Set-Cookie` to scripts, so there it stays empty and the
 * browser's own jar (`credentials: 'include'`) does the work.
 */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  /** Stores every `Set-Cookie` of a response; an expired or emptied cookie is removed. */
  capture(headers: Headers): void {
    for (const line of setCookieLines(headers)) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || attributes.some(isExpiry)) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  /** The `Cookie` request header value, or undefined when the jar is empty. */
  header(): string | undefined {
    if (this.#cookies.size === 0) return undefined;
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Forgets every cookie (logout). */
  clear(): void {
    this.#cookies.clear();
  }
}

function setCookieLines(headers: Headers): string[] {
  if (typeof headers.getSetCookie === 'function') return headers.getSetCookie();
  const joined = headers.get('set-cookie');
  // Older fetch implementations join multiple Set-Cookie headers with ", " (which also occurs in Expires dates).
  return joined ? joined.split(/,(?=\s*[^;,=\s]+=)/) : [];
}

function isExpiry(attribute: string): boolean {
  const [key = '', value = ''] = attribute.split('=').map((part) => part.trim());
  if (/^max-age$/i.test(key)) return Number(value) <= 0;
  if (/^expires$/i.test(key)) {
    const time = Date.parse(value);
    return !Number.isNaN(time) && time <= Date.now();
  }
  return false;
}
