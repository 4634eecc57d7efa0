/** Test-only: a throwaway service account and a fake token endpoint. */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ChannelConfig } from '../types.js';
import type { FetchLike, ServiceAccount } from './auth.js';

export const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'));

/** A key pair made for the test run: the JWT is checked with the public half. */
export function testAccount(email = 'relay@demo-project.iam.gserviceaccount.com'): {
  account: ServiceAccount;
  publicKey: KeyObject;
} {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const account: ServiceAccount = {
    client_email: email,
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    project_id: 'demo-project',
    private_key_id: 'key-1',
  };
  return { account, publicKey };
}

export interface TokenCall {
  url: string;
  form: URLSearchParams;
  headers: Record<string, string>;
}

/** A token endpoint answering `token.json` (or `answer`), recording each call. */
export function fakeTokenEndpoint(answer: () => Response = () => Response.json(fixture('token.json'))): {
  fetch: FetchLike;
  calls: TokenCall[];
} {
  const calls: TokenCall[] = [];
  const fetch: FetchLike = (url, init) => {
    calls.push({
      url,
      form: new URLSearchParams(String(init.body)),
      headers: init.headers as Record<string, string>,
    });
    return Promise.resolve(answer());
  };
  return { fetch, calls };
}

export const vertexChannel = (account: ServiceAccount, over: Partial<ChannelConfig> = {}): ChannelConfig => ({
  id: 41,
  type: 41,
  key: JSON.stringify(account),
  baseUrl: '',
  other: '',
  organization: '',
  setting: {},
  ...over,
});
