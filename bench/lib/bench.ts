/**
 * A benchmark module, `bench/<name>.bench.ts`: it exports `run()` (and optionally `description`).
 * `run` starts what it measures, prints its figures, cleans up everything it started, and may
 * answer whether its targets were met with a summary to repeat at the end of the whole run, and
 * the rows it contributes to the one summary table `npm run bench` prints at the end.
 */
export interface BenchOutcome {
  ok: boolean;
  summary?: string;
  /** This module's rows of the issue's table (see `BenchRow`), in the order they should print. */
  rows?: BenchRow[];
}

export interface BenchModule {
  description?: string;
  run(): Promise<BenchOutcome | undefined>;
}

/**
 * One row of the summary table: a figure next to its target and the floor it is compared with
 * (what the machine itself does for the same kind of work: raw `http`, loopback RTT, Redis PING,
 * raw `ws` broadcast). Build one with `row()` so `met` is computed the same way everywhere.
 */
export interface BenchRow {
  /** The figure, named as in the issue's table, e.g. "GET /api/entities, 200 entities, CPU/request". */
  name: string;
  /** The measured value with its unit, e.g. "0.42 ms"; "—" when it could not be measured. */
  figure: string;
  /** The target, e.g. "≤ 0.5 ms". */
  target: string;
  /** The floor it is compared with, e.g. "raw http 0.06 ms"; empty when none applies. */
  floor: string;
  /** Whether the target was met; false when the figure is missing or the run had errors. */
  met: boolean;
}

export interface RowSpec {
  name: string;
  /** The measured number (NaN when not measured). */
  value: number;
  /** Unit printed after numbers, e.g. "ms", "KiB", "msg/CPU-s" ("" for none). */
  unit: string;
  /** The target: at most (`max`) or at least (`min`) this number, in the same unit. */
  max?: number;
  min?: number;
  /** Decimal places for value and target (default 2). */
  digits?: number;
  floor?: string;
  /** Extra condition for `met` (e.g. no errors, nothing lost); defaults to true. */
  valid?: boolean;
  /** Appended to the figure, e.g. "(3 errors)". */
  note?: string;
}

const fmt = (v: number, digits: number) =>
  Number.isFinite(v)
    ? v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '—';

/** A row whose `met` follows from its value and target, formatted the same way in every module. */
export function row(spec: RowSpec): BenchRow {
  const digits = spec.digits ?? 2;
  const unit = spec.unit ? ` ${spec.unit}` : '';
  const inTarget =
    Number.isFinite(spec.value) &&
    (spec.max === undefined || spec.value <= spec.max) &&
    (spec.min === undefined || spec.value >= spec.min);
  const target = [
    spec.max !== undefined ? `≤ ${fmt(spec.max, digits)}${unit}` : '',
    spec.min !== undefined ? `≥ ${fmt(spec.min, digits)}${unit}` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  return {
    name: spec.name,
    figure: `${fmt(spec.value, digits)}${unit}${spec.note ? ` ${spec.note}` : ''}`,
    target: target || '—',
    floor: spec.floor ?? '',
    met: inTarget && (spec.valid ?? true),
  };
}

/** The summary table: one aligned line per row. */
export function formatRows(rows: BenchRow[]): string {
  const head: BenchRow = { name: 'figure', figure: 'measured', target: 'target', floor: 'floor', met: true };
  const width = (k: 'name' | 'figure' | 'target') => Math.max(...[head, ...rows].map((r) => r[k].length));
  const [wn, wf, wt] = [width('name'), width('figure'), width('target')];
  const line = (r: BenchRow, verdict: string) =>
    `${r.name.padEnd(wn)}  ${r.figure.padStart(wf)}  ${r.target.padEnd(wt)}  ${verdict.padEnd(7)}  ${r.floor}`;
  return [line(head, 'met?'), ...rows.map((r) => line(r, r.met ? 'met' : 'NOT met'))].join('\n');
}
