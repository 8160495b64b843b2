import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository stands alone: its Markdown documents link only to what exists (files, folders and
 * the headings they point at), and no file cites a document kept outside the repository
 * (`scripts/own-words.mjs` rewrites such references; its `LEFTOVER` pattern is the one checked).
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

function markdownFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((entry) => {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) return entry === 'node_modules' ? [] : markdownFiles(path);
      return entry.endsWith('.md') ? [path] : [];
    });
}

const DOCUMENTS = [
  ...markdownFiles(join(ROOT, 'docs')),
  join(ROOT, 'README.md'),
  join(ROOT, 'CONTRIBUTING.md'),
  join(ROOT, 'apps/web/README.md'),
].filter((path) => existsSync(path));

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchors(path: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.+)$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1] ?? '');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** `[text](target)` outside code spans and fences, with what a relative target should resolve to. */
function relativeLinks(path: string): { line: number; target: string }[] {
  const links: { line: number; target: string }[] = [];
  let fenced = false;
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (line.startsWith('```')) fenced = !fenced;
      if (fenced) return;
      const text = line.replace(/`[^`]*`/g, '');
      for (const match of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const target = match[1] ?? '';
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
        links.push({ line: index + 1, target });
      }
    });
  return links;
}

describe('the documents', () => {
  it('find them all', () => {
    expect(DOCUMENTS.map((path) => relative(ROOT, path))).toEqual(
      expect.arrayContaining(['docs/product.md', 'docs/architecture.md', 'README.md', 'CONTRIBUTING.md']),
    );
  });

  it('link only to files, folders and headings that exist', () => {
    const broken: string[] = [];
    for (const path of DOCUMENTS) {
      for (const { line, target } of relativeLinks(path)) {
        const [file, anchor] = target.split('#');
        const resolved = file ? join(dirname(path), decodeURIComponent(file)) : path;
        const where = `${relative(ROOT, path)}:${line} → ${target}`;
        if (!existsSync(resolved)) {
          broken.push(`${where} (no such file)`);
        } else if (anchor && resolved.endsWith('.md') && !anchors(resolved).has(anchor)) {
          broken.push(`${where} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('cite no document outside the repository', async () => {
    const script = pathToFileURL(join(ROOT, 'scripts/own-words.mjs')).href;
    const { LEFTOVER, sourceFiles } = (await import(script)) as {
      LEFTOVER: RegExp;
      sourceFiles: () => string[];
    };
    const found: string[] = [];
    for (const file of sourceFiles()) {
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (LEFTOVER.test(line)) found.push(`${file}:${index + 1}: ${line.trim().slice(0, 120)}`);
        });
    }
    expect(found).toEqual([]);
  });
});
