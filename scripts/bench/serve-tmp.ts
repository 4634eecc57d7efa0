import { startChild, TSX_NODE } from '/work/main/scripts/bench/children.js';
import { startSwitchboard } from '/work/main/scripts/bench/switchboard.js';
const upstream = await startChild([...TSX_NODE, 'scripts/bench/fake-upstream.ts'], { PORT: '0' }, /listening (\d+)/);
const u = `http://127.0.0.1:${upstream.port}`;
const bare = await startChild([...TSX_NODE, 'scripts/bench/bare-proxy.ts'], { PORT: '0', UPSTREAM: u }, /listening (\d+)/);
const sw = await startSwitchboard(u);
console.log(JSON.stringify({ upstream: upstream.port, bare: bare.port, barePid: bare.pid, sw: sw.port, swPid: sw.pid, key: sw.key }));
process.on('SIGTERM', async () => { await sw.stop(); await bare.stop(); await upstream.stop(); process.exit(0); });
setInterval(() => {}, 1e6);
