import { createHash, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Epay (易支付) merchant gateway speaking the protocol new-api's go-epay client uses: the shop posts a
 * signed form to `/submit.php`; once "paid", the gateway calls the shop's `notify_url` with a signed GET and
 * expects the body `success`. The MD5 signing is written here independently of the server's, so a test
 * against this fake checks the server against the protocol rather than against itself.
 */

/** An order the gateway accepted from `/submit.php`. */
export interface EpayOrder {
  /** The gateway's own number. */
  tradeNo: string;
  /** The shop's number (`out_trade_no`). */
  outTradeNo: string;
  type: string;
  name: string;
  money: string;
  notifyUrl: string;
  returnUrl: string;
  /** Every field the shop submitted, as received. */
  fields: Record<string, string>;
}

/** One `/submit.php` request and what the gateway made of it. */
export interface EpaySubmission {
  method: string;
  fields: Record<string, string>;
  /** Null when accepted; otherwise why the gateway refused it. */
  error: string | null;
}

export interface EpayNotifyOptions {
  /** Fields to change after signing (a tampered notification). */
  tamper?: Record<string, string>;
  /** Fields to change before signing (a validly signed notification saying something else). */
  override?: Record<string, string>;
  /** Sign with this key instead of the merchant's (a forger's guess). */
  key?: string;
  /** Leave `sign` out altogether. */
  unsigned?: boolean;
  /** POST the fields as a form instead of the protocol's GET. */
  post?: boolean;
}

export interface FakeEpay {
  url: string;
  port: number;
  /** The merchant id (`pid`) and key the gateway expects. */
  pid: string;
  key: string;
  submissions: EpaySubmission[];
  /** Accepted orders by `out_trade_no`. */
  orders: Map<string, EpayOrder>;
  /** Signs fields as the protocol does. */
  sign(fields: Record<string, string>, key?: string): string;
  /** Posts a form to `/submit.php` as the shop's browser would; resolves to the gateway's HTTP status. */
  submit(url: string, fields: Record<string, string>): Promise<number>;
  /**
   * Marks an accepted order paid and sends its notification to the shop's `notify_url`; resolves to the
   * shop's answer (`success` / `fail`).
   */
  notify(outTradeNo: string, options?: EpayNotifyOptions): Promise<string>;
  /** Sends arbitrary fields to a notify URL, signed unless `options.unsigned`. */
  notifyRaw(notifyUrl: string, fields: Record<string, string>, options?: EpayNotifyOptions): Promise<string>;
  close(): Promise<void>;
}

/** The protocol's signature: sorted non-empty fields but sign/sign_type, `k=v&…`, the key appended, MD5 hex. */
function md5Sign(fields: Record<string, string>, key: string): string {
  const pairs = Object.entries(fields)
    .filter(([name, value]) => name !== 'sign' && name !== 'sign_type' && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`);
  return createHash('md5')
    .update(pairs.join('&') + key)
    .digest('hex');
}

const REQUIRED = ['pid', 'type', 'out_trade_no', 'notify_url', 'name', 'money', 'sign'] as const;

async function readForm(req: IncomingMessage, url: URL): Promise<Record<string, string>> {
  const fields = Object.fromEntries(url.searchParams);
  if (req.method === 'POST') {
    const parts: Buffer[] = [];
    for await (const part of req) parts.push(part as Buffer);
    Object.assign(fields, Object.fromEntries(new URLSearchParams(Buffer.concat(parts).toString('utf8'))));
  }
  return fields;
}

function page(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><title>Epay</title><p>${text.replace(/[<&>]/g, '')}</p>`);
}

/** Starts the gateway on loopback for merchant `pid` with `key`. */
export async function startEpayServer(
  opts: { pid?: string; key?: string; port?: number } = {},
): Promise<FakeEpay> {
  const pid = opts.pid ?? '1001';
  const key = opts.key ?? 'epay-test-merchant-key';
  const submissions: EpaySubmission[] = [];
  const orders = new Map<string, EpayOrder>();
  let counter = 0;

  const check = (fields: Record<string, string>): string | null => {
    for (const name of REQUIRED) if (!fields[name]) return `missing ${name}`;
    if (fields.pid !== pid) return 'unknown merchant';
    if (fields.sign_type && fields.sign_type !== 'MD5') return 'unsupported sign_type';
    if (fields.sign !== md5Sign(fields, key)) return 'bad signature';
    if (!/^\d+(\.\d{1,2})?$/.test(fields.money!) || Number(fields.money) <= 0) return 'bad money';
    if (orders.has(fields.out_trade_no!)) return 'duplicate out_trade_no';
    return null;
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://epay');
    if (url.pathname === '/pay.php') return void payByHand(req, res, url);
    if (url.pathname !== '/submit.php') return page(res, 404, 'not found');
    readForm(req, url)
      .then((fields) => {
        const error = check(fields);
        submissions.push({ method: req.method ?? 'GET', fields, error });
        if (error) return page(res, 400, error);
        const order: EpayOrder = {
          tradeNo: `2026${String(++counter).padStart(8, '0')}${randomInt(1000, 9999)}`,
          outTradeNo: fields.out_trade_no!,
          type: fields.type!,
          name: fields.name!,
          money: fields.money!,
          notifyUrl: fields.notify_url!,
          returnUrl: fields.return_url ?? '',
          fields,
        };
        orders.set(order.outTradeNo, order);
        // The cashier page: a person (or a browser test) presses the button to pay.
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          `<!doctype html><title>Epay</title><form method="post" action="/pay.php">` +
            `<p>${order.type} ${order.money} · ${order.name.replace(/[<&>"]/g, '')}</p>` +
            `<input type="hidden" name="out_trade_no" value="${order.outTradeNo.replace(/[<&>"]/g, '')}">` +
            `<button type="submit">Pay</button></form>`,
        );
      })
      .catch(() => page(res, 500, 'error'));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const notifyRaw = async (notifyUrl: string, fields: Record<string, string>, o: EpayNotifyOptions = {}) => {
    const signed: Record<string, string> = { ...fields, ...o.override };
    if (!o.unsigned) {
      signed.sign = md5Sign(signed, o.key ?? key);
      signed.sign_type = 'MD5';
    }
    Object.assign(signed, o.tamper);
    const target = new URL(notifyUrl);
    let res: Response;
    if (o.post) {
      res = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(signed).toString(),
      });
    } else {
      for (const [name, value] of Object.entries(signed)) target.searchParams.set(name, value);
      res = await fetch(target);
    }
    return (await res.text()).trim();
  };

  /** The cashier's Pay button: notifies the shop, then returns the browser to the shop's `return_url`. */
  async function payByHand(req: IncomingMessage, res: ServerResponse, reqUrl: URL): Promise<void> {
    try {
      const outTradeNo = (await readForm(req, reqUrl)).out_trade_no ?? '';
      const order = orders.get(outTradeNo);
      if (!order) return page(res, 404, 'no such order');
      const answer = await api.notify(outTradeNo);
      if (answer !== 'success' || !order.returnUrl) return page(res, 200, `the shop answered ${answer}`);
      res.writeHead(302, { location: order.returnUrl });
      res.end();
    } catch {
      page(res, 502, 'the shop could not be notified');
    }
  }

  const api: FakeEpay = {
    url,
    port,
    pid,
    key,
    submissions,
    orders,
    sign: (fields, k = key) => md5Sign(fields, k),
    async submit(submitUrl, fields) {
      const res = await fetch(submitUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
      await res.arrayBuffer();
      return res.status;
    },
    async notify(outTradeNo, o = {}) {
      const order = orders.get(outTradeNo);
      if (!order) throw new Error(`the gateway has no order ${outTradeNo}`);
      return notifyRaw(
        order.notifyUrl,
        {
          pid,
          trade_no: order.tradeNo,
          out_trade_no: order.outTradeNo,
          type: order.type,
          name: order.name,
          money: order.money,
          trade_status: 'TRADE_SUCCESS',
        },
        o,
      );
    },
    notifyRaw,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
  return api;
}
