#!/usr/bin/env node
// The `swb` binary: answers --version without loading anything, else runs the command and sets the exit code.
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  const { VERSION } = await import('./version.js');
  process.stdout.write(VERSION + '\n');
} else {
  const controller = new AbortController();
  let interrupts = 0;
  process.on('SIGINT', () => {
    // First Ctrl-C stops the command cleanly (partial output is flushed); a second one leaves at once.
    if (++interrupts > 1) process.exit(130);
    controller.abort();
  });
  const [{ runCli }, { processIo }] = await Promise.all([import('./run.js'), import('./core/io.js')]);
  process.exitCode = await runCli(argv, processIo(controller.signal));
}
