import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue "One truth per machine": the server builds the machine's view (status, counters, cuts
 * today, the knife's cuts and swap urgency, the current order) and every screen shows it as it is.
 * The browser replaces its copy with a newer view and computes none of it. This test reads the web
 * app's sources and fails when such a computation comes back.
 */
const SRC = __dirname;

interface Rule {
  name: string;
  pattern: RegExp;
  /** the folders (under apps/web/src) the rule covers; all of them when absent */
  only?: readonly string[];
}

/** The screens that show a machine: the operator terminal, the manager's pages, the admin dashboard. */
const MACHINE_SCREENS = [
  'areas/operator/',
  'areas/printing-manager/pages/',
  'areas/printing-admin/pages/dashboard-page.tsx',
  'features/machines/',
  'lib/live/',
];

const RULES: readonly Rule[] = [
  { name: "the knife's swap urgency is the server's", pattern: /\bknifeSwapUrgency\s*\(/ },
  { name: 'the urgency thresholds are applied by the server', pattern: /\bSWAP_URGENCY_THRESHOLDS\b/ },
  {
    name: "a machine's counters are not added up in the browser",
    pattern:
      /\b(totalCuts|cutsToday|cutsSinceLastGrinding)\s*(\+(?!\+)|-(?!-))|[+-]\s*[\w.?!]*\b(totalCuts|cutsToday|cutsSinceLastGrinding)\b/,
  },
  {
    name: "an order's cuts are not counted in the browser",
    pattern: /\.cuts\s*(\+|-)[^+-]/,
    only: MACHINE_SCREENS,
  },
  {
    name: 'the removed folds stay removed',
    pattern:
      /\b(mergeStatusView|urgencyAfter|jobRefreshedAt|refreshCurrentJob|addLiveCuts|useMachinesLive|useMachineStatusLive)\b/,
  },
  {
    name: "a machine's view enters the cache only through acceptMachineView (whole, when not older)",
    pattern: /setQueryData[^;]*statusView\(/s,
  },
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'locales' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The places where `text` (the file `file`, relative to apps/web/src) breaks a rule. */
function violations(file: string, text: string): string[] {
  const found: string[] = [];
  for (const rule of RULES) {
    if (rule.only && !rule.only.some((prefix) => file.startsWith(prefix))) continue;
    const allowed =
      rule.name.includes('acceptMachineView') && file === 'features/machines/api/machine-status-view.ts';
    if (allowed) continue;
    const match = rule.pattern.exec(text);
    if (match) {
      const line = text.slice(0, match.index).split('\n').length;
      found.push(`${file}:${line} ${rule.name}: ${match[0].trim()}`);
    }
  }
  return found;
}

describe('the web app shows the machine view and computes none of it', () => {
  it('no source under apps/web/src computes urgency or counters, or writes the view entry otherwise', () => {
    const files = sources(SRC);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((path) =>
      violations(relative(SRC, path).split(sep).join('/'), readFileSync(path, 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('bites: each fold the issue removed is found again', () => {
    const folds: [string, string][] = [
      ['features/machines/api/x.ts', 'swapUrgency: knifeSwapUrgency(cuts, knife.knifeSwapInterval),'],
      ['areas/printing-admin/pages/dashboard-page.tsx', 'cutsToday: machine.cutsToday + added'],
      ['features/machines/api/x.ts', 'totalCuts: knife.totalCuts + added,'],
      ['areas/operator/pages/main-screen.tsx', 'const added = data.totalCuts - before.totalCuts;'],
      ['areas/printing-manager/pages/x.tsx', 'cuts: view.currentJob.cuts + added'],
      ['features/reports/api/x.ts', 'export function addLiveCuts() {}'],
      [
        'areas/operator/terminal.tsx',
        'queryClient.setQueryData(machineKeys.statusView(id), (v) => ({ ...v, status }))',
      ],
    ];
    for (const [file, text] of folds) expect(violations(file, text), text).toHaveLength(1);
    // showing the server's values, and a report summing its own buckets, are fine
    expect(
      violations('areas/printing-manager/pages/x.tsx', 'n(view.totalCuts) · n(knife.cutsSinceLastGrinding)'),
    ).toEqual([]);
    expect(violations('features/reports/report-data.ts', 'entry.cuts += bucket.cuts;')).toEqual([]);
  });
});
