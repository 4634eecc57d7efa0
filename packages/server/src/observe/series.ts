import type { Registry } from 'prom-client';

/**
 * Counters and histograms for the relay's hot path, exported through prom-client's registry. prom-client's own
 * `labels(...).inc()` hashes the label object on every call; here a series is looked up once per label
 * combination (nested maps, no string built) and then costs a number increment, so a request pays a few field
 * writes whatever the traffic.
 */

type Labels = Record<string, string>;

interface Exported {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  values: { labels: Labels; value: number; metricName?: string }[];
  aggregator: 'sum';
}

/** Label values → series, one map level per label. */
class SeriesTree<S> {
  private readonly root = new Map<string, unknown>();
  readonly all: S[] = [];

  constructor(
    private readonly depth: number,
    private readonly make: (values: readonly string[]) => S,
  ) {}

  get(values: readonly string[]): S {
    let node = this.root;
    for (let i = 0; i < this.depth - 1; i++) {
      let next = node.get(values[i]!) as Map<string, unknown> | undefined;
      if (!next) node.set(values[i]!, (next = new Map()));
      node = next;
    }
    const last = values[this.depth - 1]!;
    let series = node.get(last) as S | undefined;
    if (series === undefined) {
      series = this.make([...values]);
      node.set(last, series);
      this.all.push(series);
    }
    return series;
  }
}

const labelsOf = (names: readonly string[], values: readonly string[]): Labels =>
  Object.fromEntries(names.map((n, i) => [n, values[i]!]));

export class CounterSeries {
  value = 0;
  constructor(readonly values: readonly string[]) {}
  inc(by = 1): void {
    this.value += by;
  }
}

export class CounterFamily {
  private readonly tree: SeriesTree<CounterSeries>;
  readonly type = 'counter';

  constructor(
    registry: Registry,
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
  ) {
    this.tree = new SeriesTree(labelNames.length, (v) => new CounterSeries(v));
    registry.registerMetric(this as never);
  }

  /** The series of these label values (in `labelNames` order); keep it, it never changes. */
  series(...values: string[]): CounterSeries {
    return this.tree.get(values);
  }

  get(): Exported {
    return {
      name: this.name,
      help: this.help,
      type: 'counter',
      values: this.tree.all.map((s) => ({ labels: labelsOf(this.labelNames, s.values), value: s.value })),
      aggregator: 'sum',
    };
  }
}

export class HistogramSeries {
  readonly counts: Float64Array;
  sum = 0;
  count = 0;
  constructor(
    readonly values: readonly string[],
    private readonly bounds: readonly number[],
  ) {
    this.counts = new Float64Array(bounds.length);
  }

  /** Counts `v` in its bucket only; cumulative counts are summed at scrape time. */
  observe(v: number): void {
    const b = this.bounds;
    let i = 0;
    while (i < b.length && v > b[i]!) i++;
    if (i < b.length) this.counts[i]! += 1;
    this.sum += v;
    this.count += 1;
  }
}

export class HistogramFamily {
  private readonly tree: SeriesTree<HistogramSeries>;
  readonly type = 'histogram';

  constructor(
    registry: Registry,
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
    readonly bounds: readonly number[],
  ) {
    this.tree = new SeriesTree(labelNames.length, (v) => new HistogramSeries(v, bounds));
    registry.registerMetric(this as never);
  }

  series(...values: string[]): HistogramSeries {
    return this.tree.get(values);
  }

  get(): Exported {
    const values: Exported['values'] = [];
    for (const s of this.tree.all) {
      const labels = labelsOf(this.labelNames, s.values);
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += s.counts[i]!;
        values.push({
          metricName: `${this.name}_bucket`,
          labels: { ...labels, le: String(le) },
          value: cumulative,
        });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: '+Inf' }, value: s.count });
      values.push({ metricName: `${this.name}_sum`, labels, value: s.sum });
      values.push({ metricName: `${this.name}_count`, labels, value: s.count });
    }
    return { name: this.name, help: this.help, type: 'histogram', values, aggregator: 'sum' };
  }
}
