import { randomInt } from 'node:crypto';
import { sendJson, startFakeServer, type FakeUpstream } from '../upstreams/fake-server.js';

export interface FakeWeChatServer extends FakeUpstream {
  /**
   * What the official account does when a follower sends it "验证码": a fresh code for that WeChat id,
   * valid three minutes and good once.
   */
  issueCode(wechatId: string): string;
}

const CODE_TTL_MS = 3 * 60 * 1000;

/**
 * A loopback wechat-server (the companion new-api's `WeChatServerAddress` names): `GET /api/wechat/user?code=`
 * with `Authorization: <token>` answers `{success, message, data: "<WeChat id>"}`, an empty id for a wrong or
 * expired code, and refuses a wrong token.
 */
export async function startWeChatServer(opts: { token: string; port?: number }): Promise<FakeWeChatServer> {
  const codes = new Map<string, { id: string; expiresAt: number }>();
  const fake = await startFakeServer({
    port: opts.port,
    modelOf: () => '',
    errorBody: (_status, message) => ({ success: false, message: message ?? 'error' }),
    handle({ req, res, url }) {
      if (req.method !== 'GET' || url.pathname !== '/api/wechat/user')
        return sendJson(res, 404, { success: false, message: 'not found' });
      if (req.headers.authorization !== opts.token)
        return sendJson(res, 200, { success: false, message: '无权进行此操作，未登录或 token 无效' });
      const code = url.searchParams.get('code') ?? '';
      if (!code) return sendJson(res, 200, { success: false, message: '无效的参数' });
      const pending = codes.get(code);
      codes.delete(code);
      const id = pending && pending.expiresAt > Date.now() ? pending.id : '';
      return sendJson(res, 200, { success: true, message: '', data: id });
    },
  });
  return Object.assign(fake, {
    issueCode(wechatId: string) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      codes.set(code, { id: wechatId, expiresAt: Date.now() + CODE_TTL_MS });
      return code;
    },
  });
}
