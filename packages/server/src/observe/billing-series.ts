import type { Metrics } from './metrics.js';
import type { CounterSeries } from './series.js';

interface ModelGroupSeries {
  prompt: CounterSeries;
  completion: CounterSeries;
  cached: CounterSeries;
  quota: CounterSeries;
}

/** Tokens and quota of settled requests by model and group, bound once per pair (the ledger's settle). */
export class BillingSeries {
  private readonly byModel = new Map<string, Map<string, ModelGroupSeries>>();

  constructor(private readonly metrics: Metrics) {}

  settled(
    model: string,
    group: string,
    prompt: number,
    completion: number,
    cached: number,
    quota: number,
  ): void {
    let byGroup = this.byModel.get(model);
    if (!byGroup) this.byModel.set(model, (byGroup = new Map()));
    let s = byGroup.get(group);
    if (!s) {
      const { tokens, quota: charged } = this.metrics;
      s = {
        prompt: tokens.series(model, group, 'prompt'),
        completion: tokens.series(model, group, 'completion'),
        cached: tokens.series(model, group, 'cached'),
        quota: charged.series(model, group),
      };
      byGroup.set(group, s);
    }
    s.prompt.inc(prompt);
    s.completion.inc(completion);
    if (cached) s.cached.inc(cached);
    s.quota.inc(quota);
  }
}
