import { createMockServer } from './index.js';

/**
 * `npm run mock`: the mock server on port 3000 (PORT overrides, SEED picks the fixtures, WEB_DIST serves a
 * built console, EPAY=false leaves online top-up off) until Ctrl-C.
 */
async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  const seed = Number(process.env.SEED ?? 1);
  const webhookAllowPrivate = /^(true|1|yes|on)$/i.test(process.env.WEBHOOK_ALLOW_PRIVATE ?? '');
  const server = await createMockServer({
    port,
    seed,
    webhookAllowPrivate,
    epay: !/^(false|0|no|off)$/i.test(process.env.EPAY ?? ''),
    ...(process.env.WEB_DIST ? { webDist: process.env.WEB_DIST } : {}),
  });
  const { users, apiKey, redemptions } = server.credentials;
  const unused = redemptions.find((c) => c.status === 1);
  console.log(`Switchboard mock server listening on ${server.url} (seed ${seed})`);
  console.log(`Fake OpenAI upstream on ${server.upstreams.openai.url}`);
  if (server.epay) console.log(`Fake Epay gateway on ${server.epay.url} (online top-up on)`);
  console.log('');
  for (const u of [users.root, users.admin, users.alice, users.bob]) {
    console.log(`  ${u.username.padEnd(6)} / ${u.password}  (role ${u.role})`);
  }
  console.log(`  token   ${apiKey}  (alice, enabled, unlimited)`);
  if (unused) console.log(`  code    ${unused.key}  (unused redemption code)`);
  console.log('');
  console.log('Press Ctrl-C to stop.');

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    console.log('mock server stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
