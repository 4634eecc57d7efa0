import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { defineCommand } from '../../core/command.js';
import { CliError, ExitCode, usageError } from '../../core/errors.js';
import { jsonText } from '../../core/format.js';
import { safeText } from '../../core/safe-text.js';
import { computePlan } from '../../gateway/diff.js';
import { executePlan } from '../../gateway/execute.js';
import { diffOptions, loadDoc, RESTRICT_FILE_REFS_OPTION, restrictFileRefs } from '../../gateway/load.js';
import type { Plan } from '../../gateway/plan-types.js';
import { renderPlan } from '../../gateway/render.js';
import { takeSnapshot } from '../../gateway/snapshot.js';

export default defineCommand<{
  plan?: string;
  file?: string;
  prune?: boolean;
  restrictFileRefs?: boolean;
  json?: unknown;
}>({
  path: 'apply',
  summary: 'Apply a gateway file, or a saved plan if the server has not changed since',
  description:
    'Shows the plan, asks for confirmation on a terminal (--yes otherwise), then applies it and reports each ' +
    'object. A saved plan (from `swb plan --out`) is refused with exit 7 when the server changed since it was made. ' +
    '${file:path} keys are read from any file you can read unless --restrict-file-refs keeps them inside the ' +
    'gateway file’s folder (for a saved plan: the plan file’s folder).',
  args: [{ name: 'plan', description: 'a saved plan.json (instead of -f)' }],
  options: [
    { flags: '-f, --file <path>', description: 'gateway file (YAML or JSON)' },
    { flags: '--prune', description: 'also delete server channels absent from the file' },
    RESTRICT_FILE_REFS_OPTION,
    { flags: '--json', description: 'print each object’s result as JSON' },
  ],
  examples: [
    'swb apply -f gateway.yaml',
    'swb apply -f gateway.yaml --prune --yes',
    'swb apply plan.json --yes',
  ],
  async run(opts, ctx) {
    let plan: Plan;
    // Where ${file:…} keys must stay with --restrict-file-refs: beside the file given on this command line
    // (a saved plan's own record of its gateway file is not trusted for that).
    let fileRoot: string | undefined;
    const snap = await takeSnapshot(ctx);
    if (opts.plan) {
      if (opts.file) throw usageError('Pass either a saved plan or -f, not both');
      const planPath = resolve(ctx.io.cwd, opts.plan);
      if (restrictFileRefs(ctx, opts.restrictFileRefs)) fileRoot = dirname(planPath);
      plan = await readPlan(planPath);
      const url = ctx.settings().url ?? '';
      if (plan.server && plan.server !== url)
        throw new CliError(`${opts.plan} was made for ${plan.server}, not ${url}.`, ExitCode.Conflict);
      if (plan.baseline !== snap.digest)
        throw new CliError(
          `The server changed since ${opts.plan} was made; the plan is stale.`,
          ExitCode.Conflict,
          'swb plan -f FILE --out plan.json',
        );
    } else {
      if (!opts.file) throw usageError('Pass a saved plan or -f gateway.yaml', 'swb apply -f gateway.yaml');
      const { doc, path } = await loadDoc(ctx, opts.file);
      const diff = diffOptions(ctx, path, opts);
      fileRoot = diff.fileRoot;
      plan = await computePlan(doc, snap, diff);
    }
    const json = opts.json !== undefined;
    if (!json) ctx.io.stderr.write(renderPlan(plan, ctx.color));
    if (!plan.changes.length) {
      if (json) ctx.io.stdout.write('[]\n');
      return;
    }
    await ctx.prompts.confirm('Apply these changes?');
    const outcomes = await executePlan(plan, ctx, fileRoot);
    if (json) ctx.io.stdout.write(jsonText(outcomes));
    else
      for (const o of outcomes) {
        const what = `${o.action} ${o.kind} "${safeText(o.name)}"${o.id ? ` (id ${o.id})` : ''}`;
        if (o.result === 'ok') ctx.io.stdout.write(`${ctx.color.green('✓')} ${what}\n`);
        else if (o.result === 'failed')
          ctx.io.stdout.write(`${ctx.color.red('✗')} ${what}: ${safeText(o.message ?? '')}\n`);
        else ctx.io.stdout.write(`- ${what}: skipped\n`);
      }
    if (outcomes.some((o) => o.result === 'failed'))
      throw new CliError('Apply stopped at the first failure.', ExitCode.Failure, 'swb plan -f FILE');
  },
});

async function readPlan(path: string): Promise<Plan> {
  let plan: Plan;
  try {
    plan = JSON.parse(await readFile(path, 'utf8')) as Plan;
  } catch {
    throw usageError(`Cannot read a plan from ${path}`);
  }
  if (plan?.format !== 'swb-plan' || plan.version !== 1 || !Array.isArray(plan.changes))
    throw usageError(`${path} is not a plan written by \`swb plan --out\``);
  return plan;
}
