import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createMockServer, type MockServer } from '../src/index.js';
import { families } from './prometheus-scrape.js';

const deploy = (file: string) => fileURLToPath(new URL(`../../../deploy/${file}`, import.meta.url));

/** Every PromQL expression of the Grafana dashboard: panel targets and template variable queries. */
function dashboardExprs(): string[] {
  const dashboard = JSON.parse(readFileSync(deploy('grafana-dashboard.json'), 'utf8')) as {
    panels: { type: string; targets?: { expr: string }[] }[];
    templating: { list: { type: string; query: string | { query: string } }[] };
  };
  const exprs: string[] = [];
  for (const panel of dashboard.panels) {
    if (panel.type === 'row') continue;
    expect(panel.targets?.length, `panel without a query`).toBeGreaterThan(0);
    for (const t of panel.targets!) exprs.push(t.expr);
  }
  for (const v of dashboard.templating.list)
    if (v.type === 'query') exprs.push(typeof v.query === 'string' ? v.query : v.query.query);
  return exprs;
}

function alertExprs(): string[] {
  const doc = parse(readFileSync(deploy('prometheus-alerts.yml'), 'utf8')) as {
    groups: { name: string; rules: { alert: string; expr: string | number; for?: string }[] }[];
  };
  const exprs: string[] = [];
  for (const group of doc.groups)
    for (const rule of group.rules) {
      expect(rule.alert).toMatch(/^Switchboard\w+$/);
      exprs.push(String(rule.expr));
    }
  return exprs;
}

/** The gateway's metric names an expression reads (Prometheus's own `up` aside). */
const metricNames = (expr: string) =>
  [...expr.matchAll(/\b((?:switchboard|nodejs|process)_[a-z0-9_]+)\b/g)].map((m) => m[1]!);

let mock: MockServer;
beforeAll(async () => {
  mock = await createMockServer({ seed: 31, config: { metrics: {} } });
});
afterAll(() => mock.close());

describe('deploy/: the Grafana dashboard and the alert rules', () => {
  it('query only metrics the server exports', async () => {
    const text = await (await fetch(`${mock.url}/metrics`)).text();
    const exported = families(text);
    const exprs = [...dashboardExprs(), ...alertExprs()];
    expect(exprs.length).toBeGreaterThan(30);
    const used = new Set(exprs.flatMap(metricNames));
    expect(used.size).toBeGreaterThan(20);
    for (const name of used) {
      const family = exported.has(name) ? name : name.replace(/_(bucket|sum|count)$/, '');
      expect(exported, `${name} is queried but not exported`).toContain(family);
      if (family !== name) expect(text).toContain(`# TYPE ${family} histogram`);
    }
    // And the interface names are among them.
    for (const name of [
      'switchboard_relay_requests_total',
      'switchboard_relay_overhead_seconds_bucket',
      'switchboard_upstream_ttft_seconds_bucket',
      'switchboard_tokens_total',
      'switchboard_quota_charged_total',
      'switchboard_holds_in_flight',
      'switchboard_api_requests_total',
    ])
      expect(used).toContain(name);
  });

  it('filter on label values the server uses', () => {
    const exprs = [...dashboardExprs(), ...alertExprs()].join('\n');
    const outcomes = [
      ...exprs.matchAll(/switchboard_relay_requests_total\{[^}]*outcome=~?"([^"]+)"/g),
    ].flatMap((m) => m[1]!.split('|'));
    for (const o of outcomes)
      expect(['success', 'rejected', 'upstream_error', 'error', 'canceled']).toContain(o);
    expect(outcomes.length).toBeGreaterThan(0);
    const logins = [...exprs.matchAll(/switchboard_logins_total\{[^}]*outcome="([^"]+)"/g)].map((m) => m[1]!);
    for (const o of logins) expect(['success', 'failure']).toContain(o);
    const kinds = [...exprs.matchAll(/kind="([^"]+)"/g)].map((m) => m[1]!);
    for (const k of kinds) expect(['prompt', 'completion', 'cached']).toContain(k);
    const statuses = [...exprs.matchAll(/switchboard_channel_status\{status="([^"]+)"/g)].map((m) => m[1]!);
    for (const s of statuses) expect(['enabled', 'manually_disabled', 'auto_disabled']).toContain(s);
  });
});
