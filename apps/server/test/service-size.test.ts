import { describe, expect, it } from 'vitest';
import { type SourceFile, serverSources } from './source-scan';

/**
 * docs/architecture.md "How to add a module (server)", step 5: services are small, named operations,
 * one factory per concern — no `*.service.ts` under apps/server/src over 300 lines. A service that
 * grows past it is split along its concerns (`<concern>.service.ts`), shared helpers going to a small
 * `<module>/<x>.ts` file.
 */

const MAX_SERVICE_LINES = 300;

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

function oversized(sources: SourceFile[]): string[] {
  return sources
    .filter((file) => file.path.endsWith('.service.ts'))
    .map((file) => ({ path: file.path, lines: lineCount(file.text) }))
    .filter((file) => file.lines > MAX_SERVICE_LINES)
    .map(
      (file) => `${file.path} has ${file.lines} lines (at most ${MAX_SERVICE_LINES}): split it by concern`,
    );
}

describe('services are small (docs/architecture.md, step 5)', () => {
  it(`no *.service.ts under apps/server/src has more than ${MAX_SERVICE_LINES} lines`, async () => {
    const sources = await serverSources();
    expect(sources.filter((file) => file.path.endsWith('.service.ts')).length).toBeGreaterThan(40);
    expect(oversized(sources)).toEqual([]);
  });

  it('bites: a service of 301 lines is reported, one of 300 and a repository of any length are not', () => {
    const lines = (count: number) => `${Array.from({ length: count }, (_, i) => `// ${i}`).join('\n')}\n`;
    expect(
      oversized([
        { path: 'src/modules/widgets/widgets.service.ts', text: lines(301) },
        { path: 'src/modules/widgets/gadgets.service.ts', text: lines(300) },
        { path: 'src/modules/widgets/widgets.repository.ts', text: lines(900) },
      ]),
    ).toEqual(['src/modules/widgets/widgets.service.ts has 301 lines (at most 300): split it by concern']);
  });
});
