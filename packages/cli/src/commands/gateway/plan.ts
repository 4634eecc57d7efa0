import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { defineCommand } from '../../core/command.js';
import { ExitCode, usageError } from '../../core/errors.js';
import { jsonText } from '../../core/format.js';
import { computePlan } from '../../gateway/diff.js';
import { diffOptions, loadDoc, RESTRICT_FILE_REFS_OPTION } from '../../gateway/load.js';
import { renderPlan } from '../../gateway/render.js';
import { takeSnapshot } from '../../gateway/snapshot.js';

export default defineCommand<{
  file?: string;
  prune?: boolean;
  restrictFileRefs?: boolean;
  out?: string;
  detailedExitcode?: boolean;
  json?: unknown;
}>({
  path: 'plan',
  summary: 'Show what applying a gateway file would create, change or delete, field by field',
  description:
    'Channels are matched by name (duplicates are an error). Keys are written as ${env:NAME} or ${file:path} ' +
    'references and the plan says when one would be sent and why. ${file:path} is relative to the gateway file and ' +
    'reads any file you can read; --restrict-file-refs keeps it inside the gateway file’s folder (for a file ' +
    'from an untrusted change). --out saves the plan for `swb apply plan.json`, ' +
    'which refuses it if the server changed meanwhile. With --detailed-exitcode: 0 no changes, 1 error, 2 changes.',
  options: [
    { flags: '-f, --file <path>', description: 'gateway file (YAML or JSON; "-" for stdin)' },
    { flags: '--prune', description: 'also delete server channels absent from the file' },
    { flags: '--out <plan.json>', description: 'save the plan for a later apply' },
    { flags: '--detailed-exitcode', description: 'exit 2 when there are changes (for drift checks)' },
    RESTRICT_FILE_REFS_OPTION,
    { flags: '--json', description: 'print the plan as JSON' },
  ],
  examples: [
    'swb plan -f gateway.yaml',
    'swb plan -f gateway.yaml --detailed-exitcode || echo drift',
    'swb plan -f gateway.yaml --prune --out plan.json',
    'swb plan -f pr/gateway.yaml --restrict-file-refs',
  ],
  async run(opts, ctx) {
    if (!opts.file) throw usageError('Missing -f/--file', 'swb plan -f gateway.yaml');
    const { doc, path } = await loadDoc(ctx, opts.file);
    const snap = await takeSnapshot(ctx);
    const plan = await computePlan(doc, snap, diffOptions(ctx, path, opts));
    if (opts.json !== undefined) ctx.io.stdout.write(jsonText(plan));
    else ctx.io.stdout.write(renderPlan(plan, ctx.color));
    if (opts.out) {
      await writeFile(resolve(ctx.io.cwd, opts.out), jsonText(plan), { mode: 0o600 });
      ctx.out.note(`Saved the plan to ${opts.out}; apply it with \`swb apply ${opts.out}\`.`);
    }
    if (opts.detailedExitcode && plan.changes.length) return ExitCode.Usage;
  },
});
