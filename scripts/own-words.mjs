#!/usr/bin/env node
/**
 * Rewrites references to documents kept outside this repository into references to its own
 * documents, so that every comment and page stands alone:
 *
 *   the specification's "§N"      → product.md §N (docs/product.md §N in Markdown outside docs/)
 *   the design brief              → docs/design.md
 *   the glossary                  → docs/glossary.md
 *   the architecture brief (§N)   → docs/architecture.md with the section's title
 *   the style guide               → CONTRIBUTING.md
 *   research notes                → reworded or dropped
 *
 * Deterministic and idempotent: run it again after merging other branches and it rewrites only
 * what came in since. Generated files (docs/openapi.json, docs/asyncapi.json, docs/errors.md,
 * apps/server/test/generated/) are not edited: their sources are; the rewritten files are formatted
 * (`biome format`) and `npm run openapi` runs afterwards when anything changed (`--no-openapi`
 * skips the latter).
 *
 *   node scripts/own-words.mjs            rewrite, then regenerate
 *   node scripts/own-words.mjs --check    rewrite nothing; list what is left, exit 1 if anything
 *
 * `apps/server/test/docs-links.test.ts` fails while a reference is left (and on a broken relative
 * link in the Markdown documents). The patterns are assembled from parts so that this file does not
 * match them itself.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROOTS = ['apps', 'packages', 'docs', 'e2e', 'bench', 'scripts', 'README.md', 'CONTRIBUTING.md'];
const EXTENSIONS = ['.ts', '.tsx', '.md', '.mjs', '.json'];
const SKIP_DIRS = new Set(['node_modules', 'dist', '.tmp', 'data', 'results', 'test-results']);
/** Written by `npm run openapi` from sources this script does rewrite. */
const GENERATED = [
  'docs/openapi.json',
  'docs/asyncapi.json',
  'docs/errors.md',
  'apps/server/test/generated/',
];
/** Files that name the patterns on purpose. */
const SELF = ['scripts/own-words.mjs', 'apps/server/test/docs-links.test.ts'];

const SPEC = 'spec';
const SEC = ' §';
const MD = '.md';
const DESIGN = `DESIGN${MD}`;
const GLOSSARY = `GLOSSARY${MD}`;
const ROADMAP = `ROADMAP${MD}`;
const STYLE = `STYLE${MD}`;
const ARCH = 'ARCHITECTURE';
const RESEARCH = ['research', '/'].join('');

/** Sections of the architecture brief → the section of docs/architecture.md that now says it. */
const ARCH_SECTIONS = {
  1: 'Process and modules',
  2: 'Process and modules',
  3: 'Telemetry: ingest → write path',
  4: 'Errors',
  5: 'Quality targets',
};

/** Sentences that read better rewritten whole; checked first, in order. */
const PHRASES = [
  [`${ARCH}${SEC}1 "Configuration and demo data"`, 'docs/architecture.md "Configuration and demo data"'],
  [`Demo users (${ARCH}${SEC}1)`, 'Demo users (docs/architecture.md "Configuration and demo data")'],
  [`(${STYLE}: one shape, one place)`, '(CONTRIBUTING.md "One shape, one place")'],
  [`The dataset of ${RESEARCH}performance${MD}${SEC}8.1: `, 'The dataset: '],
  [
    `Behaviour of one guillotine cutter (${RESEARCH}mission${MD} D1–D3).`,
    'Behaviour of one guillotine cutter as printing shops run them.',
  ],
  [
    `The company brief is \`${ARCH}${MD}\` in the shared folder; this page says how this repository
realises it and links the decisions that refine it.`,
    'How this repository is built, and the decisions that refine it.',
  ],
];

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The rules after the phrases: [pattern, replacement (string or function of match and file)]. */
function rules(file) {
  const markdownOutsideDocs =
    file.endsWith(MD) && !file.startsWith(`docs${sep}`) && !file.startsWith('docs/');
  const product = markdownOutsideDocs ? 'docs/product.md' : 'product.md';
  return [
    // "§4/§7", "§2 and §7" after the name: the first number carries the new name, the rest stay signs
    [new RegExp(`\\b[Ss]${SPEC.slice(1)}${SEC}(\\d+)`, 'g'), (_m, n) => `${product}${SEC}${n}`],
    [
      new RegExp(`${ARCH}${SEC}(\\d+)(?: "[^"]*")?`, 'g'),
      (_m, n) => `docs/architecture.md "${ARCH_SECTIONS[n] ?? 'Process and modules'}"`,
    ],
    [new RegExp(`\`?${escapeRegExp(`${ARCH}${MD}`)}\`?`, 'g'), 'docs/architecture.md'],
    [new RegExp(`(?<![\\w/])${escapeRegExp(DESIGN)}`, 'g'), 'docs/design.md'],
    [new RegExp(`(?<![\\w/])${escapeRegExp(GLOSSARY)}`, 'g'), 'docs/glossary.md'],
    [new RegExp(`(?<![\\w/])${escapeRegExp(STYLE)}`, 'g'), 'CONTRIBUTING.md'],
    // the roadmap stays outside: its items are issues
    [new RegExp(`\\s*\\(${escapeRegExp(ROADMAP)}[^)]*\\)`, 'g'), ''],
    // a research note in brackets after a claim ("… (<note>.md D1)"): the claim stands on its own
    [new RegExp(`\\s*\\(${escapeRegExp(RESEARCH)}[^)]*\\)`, 'g'), ''],
    [new RegExp(`\\s*\\(see \`?${escapeRegExp(RESEARCH)}[^)]*\\)`, 'g'), ''],
  ];
}

/** What must not be left anywhere (the test checks the same). */
export const LEFTOVER = new RegExp(
  [
    `${SPEC}${SEC}`,
    `\\b[Ss]${SPEC.slice(1)}${SEC}\\d`,
    escapeRegExp(DESIGN),
    escapeRegExp(GLOSSARY),
    escapeRegExp(ROADMAP),
    escapeRegExp(STYLE),
    `${ARCH}${SEC}`,
    escapeRegExp(`${ARCH}${MD}`),
    `(?<![\\w-])${escapeRegExp(RESEARCH)}`,
    // a path into the shared folder beside the repository; apps/web's imports of its own areas/shared are code
    `\\.\\./shared/(?:${SPEC}|DESIGN|GLOSSARY|ROADMAP|STYLE|${ARCH}|research)`,
  ].join('|'),
);

function* walk(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isDirectory()) {
    for (const entry of readdirSync(path).sort()) {
      if (SKIP_DIRS.has(entry)) continue;
      yield* walk(join(path, entry));
    }
  } else if (EXTENSIONS.some((ext) => path.endsWith(ext))) {
    yield path;
  }
}

export function sourceFiles() {
  const files = [];
  for (const root of ROOTS) {
    for (const path of walk(join(ROOT, root))) {
      const file = relative(ROOT, path).split(sep).join('/');
      if (SELF.includes(file)) continue;
      files.push(file);
    }
  }
  return files;
}

const isGenerated = (file) => GENERATED.some((g) => (g.endsWith('/') ? file.startsWith(g) : file === g));

export function rewrite(text, file) {
  let out = text;
  for (const [from, to] of PHRASES) out = out.split(from).join(to);
  for (const [pattern, to] of rules(file)) out = out.replace(pattern, to);
  return out;
}

function leftovers(files) {
  const found = [];
  for (const file of files) {
    const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
    lines.forEach((line, index) => {
      if (LEFTOVER.test(line)) found.push(`${file}:${index + 1}: ${line.trim().slice(0, 160)}`);
    });
  }
  return found;
}

function main() {
  const args = process.argv.slice(2);
  const files = sourceFiles();
  if (args.includes('--check')) {
    const found = leftovers(files);
    for (const line of found) console.log(line);
    console.log(
      found.length
        ? `${found.length} references outside the repository`
        : 'no references outside the repository',
    );
    process.exit(found.length ? 1 : 0);
  }
  const changed = [];
  for (const file of files) {
    if (isGenerated(file)) continue;
    const path = join(ROOT, file);
    const before = readFileSync(path, 'utf8');
    const after = rewrite(before, file);
    if (after !== before) {
      writeFileSync(path, after);
      changed.push(file);
    }
  }
  for (const file of changed) console.log(`rewritten ${file}`);
  console.log(`${changed.length} files rewritten`);
  if (changed.length) {
    // a longer name can push a line or a Markdown table column over: the formatter settles it
    execFileSync('npx', ['biome', 'format', '--write', ...changed], { cwd: ROOT, stdio: 'inherit' });
  }
  if (changed.length && !args.includes('--no-openapi')) {
    console.log('npm run openapi');
    execFileSync('npm', ['run', '-s', 'openapi'], { cwd: ROOT, stdio: 'inherit' });
  }
  const found = leftovers(files);
  for (const line of found) console.log(`left: ${line}`);
  if (found.length) {
    console.log(
      `${found.length} references left: reword them by hand or add a phrase to scripts/own-words.mjs`,
    );
    process.exit(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
