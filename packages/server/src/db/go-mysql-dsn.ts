/**
 * new-api hands any `SQL_DSN` that is neither `postgres://…` nor `local…` to go-sql-driver/mysql, whose DSN
 * reads `[user[:password]@][net[(addr)]]/dbname[?param=value&…]`. This turns one into the `mysql://` URL mysql2
 * reads, split the way the Go driver splits it (v1.7.0 `ParseDSN`): the last `/` ends the address part, the
 * last `@` before it ends the credentials, the first `:` splits user from password, so passwords may hold
 * `@`, `/` and `:` unescaped.
 *
 * Of the driver's parameters, `charset` (the first of a comma list), `collation`, `timeout` (dial timeout)
 * and `tls` carry over; the rest (`parseTime`, `loc`, read and write timeouts, session variables such as
 * `time_zone`, …) concern Go's driver or column types we do not use, and are accepted and ignored.
 */
export function goMysqlDsnToUrl(dsn: string): string {
  const slash = dsn.lastIndexOf('/');
  if (slash < 0) throw new Error('invalid DSN: missing the slash separating the database name');
  const left = dsn.slice(0, slash);
  const at = left.lastIndexOf('@');
  const userInfo = at >= 0 ? left.slice(0, at) : '';
  const colon = userInfo.indexOf(':');
  const user = colon >= 0 ? userInfo.slice(0, colon) : userInfo;
  const password = colon >= 0 ? userInfo.slice(colon + 1) : '';
  const { net, addr } = netAndAddress(left.slice(at + 1));
  const rest = dsn.slice(slash + 1);
  const question = rest.indexOf('?');
  const database = question >= 0 ? rest.slice(0, question) : rest;
  const params = question >= 0 ? rest.slice(question + 1) : '';

  const url = new URL('mysql://localhost');
  url.username = encodeURIComponent(user);
  url.password = encodeURIComponent(password);
  url.pathname = `/${encodeURIComponent(database)}`;
  if (net === 'unix') url.searchParams.set('socketPath', addr || '/tmp/mysql.sock');
  else {
    const { host, port } = hostAndPort(addr || '127.0.0.1:3306');
    url.hostname = host.includes(':') ? `[${host}]` : host;
    url.port = port;
  }
  for (const [key, value] of Object.entries(driverOptions(params))) url.searchParams.set(key, value);
  return url.toString();
}

function netAndAddress(part: string): { net: string; addr: string } {
  const open = part.indexOf('(');
  if (open < 0) return checkedNet(part, '');
  if (!part.endsWith(')'))
    throw new Error('invalid DSN: network address not terminated (missing closing brace)');
  return checkedNet(part.slice(0, open), part.slice(open + 1, -1));
}

function checkedNet(net: string, addr: string): { net: string; addr: string } {
  const name = net || 'tcp';
  if (name !== 'tcp' && name !== 'tcp4' && name !== 'tcp6' && name !== 'unix') {
    throw new Error(`default addr for network '${name}' unknown`);
  }
  return { net: name, addr };
}

function hostAndPort(addr: string): { host: string; port: string } {
  const bracketed = /^\[(.+)\](?::(\d+))?$/.exec(addr);
  if (bracketed) return { host: bracketed[1]!, port: bracketed[2] ?? '3306' };
  const colon = addr.lastIndexOf(':');
  if (colon < 0) return { host: addr, port: '3306' };
  const port = addr.slice(colon + 1);
  if (!/^\d+$/.test(port)) throw new Error(`invalid port in address "${addr}"`);
  return { host: addr.slice(0, colon) || '127.0.0.1', port };
}

/** Go's `time.ParseDuration` for the forms DSNs use (`30s`, `1m30s`, `500ms`), in milliseconds. */
function durationMs(value: string): number {
  const units: Record<string, number> = {
    ns: 1e-6,
    us: 1e-3,
    µs: 1e-3,
    ms: 1,
    s: 1000,
    m: 60_000,
    h: 3_600_000,
  };
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== value) {
    throw new Error(`invalid duration "${value}"`);
  }
  return Math.round(parts.reduce((sum, p) => sum + Number(p[1]) * units[p[2]!]!, 0));
}

function driverOptions(params: string): Record<string, string> {
  const options: Record<string, string> = {};
  let charset: string | undefined;
  let collation: string | undefined;
  for (const pair of params.split('&')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    const key = pair.slice(0, eq);
    const value = decodeURIComponent(pair.slice(eq + 1));
    if (key === 'charset') charset = value.split(',')[0]!.toUpperCase();
    else if (key === 'collation') collation = value.toUpperCase();
    else if (key === 'timeout') options.connectTimeout = String(durationMs(value));
    else if (key === 'tls') {
      const tls = value.toLowerCase();
      if (['true', '1', 't'].includes(tls)) options.ssl = '{}';
      else if (tls === 'skip-verify' || tls === 'preferred') options.ssl = '{"rejectUnauthorized":false}';
      else if (!['false', '0', 'f'].includes(tls)) {
        throw new Error(`tls=${value} names a TLS config registered in Go code; use tls=true or skip-verify`);
      }
    }
  }
  // mysql2 takes either a character set or a collation in `charset`; the collation is the more precise.
  if (collation ?? charset) options.charset = (collation ?? charset)!;
  return options;
}
