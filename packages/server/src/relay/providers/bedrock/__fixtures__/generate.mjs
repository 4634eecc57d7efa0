/**
 * Regenerates the binary-stream and signed-request fixtures with AWS's own libraries, so the adapter's
 * hand-written decoder and signer are checked against AWS's implementations rather than against themselves.
 * Plain node only (vitest cannot load these packages): `node packages/server/src/relay/providers/bedrock/__fixtures__/generate.mjs`.
 */
import { Sha256 } from '@aws-crypto/sha256-js';
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { SignatureV4 } from '@smithy/signature-v4';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { readFileSync, writeFileSync } from 'node:fs';

const here = (name) => new URL(`./${name}`, import.meta.url);
const codec = new EventStreamCodec(toUtf8, fromUtf8);
const str = (value) => ({ type: 'string', value });

/** A `chunk` event as Bedrock sends it: the Claude event base64-encoded in `bytes`, plus padding `p`. */
const chunkFrame = (json, i) =>
  codec.encode({
    headers: {
      ':event-type': str('chunk'),
      ':content-type': str('application/json'),
      ':message-type': str('event'),
    },
    body: fromUtf8(
      JSON.stringify({ bytes: Buffer.from(json).toString('base64'), p: 'abcdefghij'.slice(0, i % 10) }),
    ),
  });

const exceptionFrame = (type, message) =>
  codec.encode({
    headers: {
      ':exception-type': str(type),
      ':content-type': str('application/json'),
      ':message-type': str('exception'),
    },
    body: fromUtf8(JSON.stringify({ message })),
  });

const events = readFileSync(here('stream-events.jsonl'), 'utf8').split('\n').filter(Boolean);
const b64 = (frames) => `${Buffer.concat(frames.map((f) => Buffer.from(f))).toString('base64')}\n`;
writeFileSync(here('stream.bedrock.b64'), b64(events.map(chunkFrame)));
writeFileSync(
  here('stream-exception.bedrock.b64'),
  b64([
    ...events.slice(0, 3).map(chunkFrame),
    exceptionFrame('throttlingException', 'Too many requests, please wait before trying again.'),
  ]),
);

/** The requests the adapter must produce for a `Hi` request (max_tokens 64), signed by AWS's signer. */
async function signedFixture(name, { key, url, accept }) {
  const [accessKeyId, secretAccessKey, region, sessionToken] = key.split('|');
  const body = JSON.stringify({
    anthropic_version: 'bedrock-2023-05-31',
    messages: [{ role: 'user', content: 'Hi' }],
    max_tokens: 64,
  });
  const signer = new SignatureV4({
    service: 'bedrock',
    region,
    credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) },
    sha256: Sha256,
  });
  const { protocol, hostname, port, host, pathname } = new URL(url);
  const signed = await signer.sign(
    {
      method: 'POST',
      protocol,
      hostname,
      ...(port ? { port: Number(port) } : {}),
      path: pathname,
      query: {},
      headers: { host, 'content-type': 'application/json', accept },
      body,
    },
    { signingDate: new Date('2025-06-01T00:00:00Z') },
  );
  const { host: _host, ...headers } = signed.headers;
  const request = { key, url, method: 'POST', headers, body };
  writeFileSync(here(name), `${JSON.stringify(request, null, 2)}\n`);
}

await signedFixture('request.signed.json', {
  key: 'AKIDEXAMPLE|wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY|us-east-1',
  url: 'https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-3-5-sonnet-20241022-v2%3A0/invoke',
  accept: 'application/json',
});
await signedFixture('request-stream.signed.json', {
  key: 'AKIDEXAMPLE|wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY|ap-northeast-1|FQoGZXIvYXdzEXAMPLETOKEN',
  url: 'http://127.0.0.1:9000/model/anthropic.claude-3-haiku-20240307-v1%3A0/invoke-with-response-stream',
  accept: 'application/vnd.amazon.eventstream',
});
