import type { ChalkInstance } from 'chalk';
import { safeText } from '../core/safe-text.js';
import { summary, type Change, type Plan } from './plan-types.js';

// JSON quoting escapes C0 controls; safeText adds DEL, C1 and bidi overrides (names come from the server).
function show(value: unknown): string {
  if (value === undefined) return '(unset)';
  return safeText(JSON.stringify(value));
}

/** The plan as Terraform-style text: + create, ~ change, - delete, with each field and every key sent. */
export function renderPlan(plan: Plan, c: ChalkInstance): string {
  const lines: string[] = [];
  for (const ch of plan.changes) lines.push(...renderChange(ch, c), '');
  const s = summary(plan);
  if (!plan.changes.length) lines.push('No changes: the server matches the file.');
  else lines.push(`Plan: ${s.create} to create, ${s.update} to change, ${s.delete} to delete.`);
  if (plan.kept.length)
    lines.push(
      `${plan.kept.length} server channel(s) not in the file are kept: ${safeText(plan.kept.join(', '))} (--prune deletes them).`,
    );
  return lines.join('\n') + '\n';
}

function renderChange(ch: Change, c: ChalkInstance): string[] {
  const name = safeText(ch.name);
  const label =
    ch.kind === 'channel' ? `channel "${name}"${ch.id ? ` (id ${ch.id})` : ''}` : `${ch.kind} ${name}`;
  if (ch.action === 'delete') return [c.red(`  - ${label} will be deleted (--prune: not in the file)`)];
  if (ch.action === 'create') {
    const out = [c.green(`  + ${label} will be created`)];
    for (const f of ch.fields) out.push(c.green(`      ${safeText(f.field)}: ${show(f.to)}`));
    if (ch.key)
      out.push(c.green(`      key: sent from ${safeText(ch.key.ref)} (${safeText(ch.key.reason)})`));
    return out;
  }
  const out = [c.yellow(`  ~ ${label} will be changed`)];
  for (const f of ch.fields) {
    if (f.from === undefined) out.push(c.green(`      + ${safeText(f.field)}: ${show(f.to)}`));
    else if (f.to === undefined) out.push(c.red(`      - ${safeText(f.field)}: ${show(f.from)}`));
    else out.push(`      ${safeText(f.field)}: ${show(f.from)} → ${show(f.to)}`);
  }
  if (ch.key) out.push(c.yellow(`      key: sent from ${safeText(ch.key.ref)} (${safeText(ch.key.reason)})`));
  return out;
}
