import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { stringify } from 'yaml';
import { defineCommand } from '../../core/command.js';
import { usageError } from '../../core/errors.js';
import { jsonText } from '../../core/format.js';
import { serverToDoc } from '../../gateway/normalize.js';
import { takeSnapshot } from '../../gateway/snapshot.js';

const HEADER = `# Switchboard gateway, written by \`swb export\`. Edit, then \`swb plan -f\` and \`swb apply -f\`.
# Channel keys are never exported: add key: \${env:NAME} or key: \${file:path} to manage one.
# Fields left out of a channel are not managed; options and users' budgets left out are left alone.
`;

export default defineCommand<{ file?: string; format?: string }>({
  path: 'export',
  summary:
    'Write channels (without keys), options, pricing maps and users’ budgets as one YAML or JSON document',
  description:
    'The document is stable in order (channels by name, keys sorted) so it diffs cleanly in git. ' +
    'The server never sends secret options, and channel keys are left out.',
  options: [
    { flags: '-f, --file <path>', description: 'write here instead of stdout' },
    { flags: '--format <format>', description: 'yaml or json (default: from the file name, else yaml)' },
  ],
  examples: ['swb export -f gateway.yaml', 'swb export --format json | jq .channels[].name'],
  async run(opts, ctx) {
    const format = opts.format ?? (opts.file?.endsWith('.json') ? 'json' : 'yaml');
    if (format !== 'yaml' && format !== 'json') throw usageError('--format must be yaml or json');
    const snap = await takeSnapshot(ctx);
    const doc = serverToDoc(snap.channels, snap.options, snap.users);
    const text = format === 'json' ? jsonText(doc) : HEADER + stringify(doc, { lineWidth: 0 });
    if (!opts.file) return void ctx.io.stdout.write(text);
    await writeFile(resolve(ctx.io.cwd, opts.file), text);
    ctx.out.success(
      `Wrote ${doc.channels.length} channel(s) and ${Object.keys(doc.options).length} option(s) to ${opts.file}.`,
    );
  },
});
