import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DOCUMENT = fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url));
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  responses?: Record<string, unknown>;
  'x-access'?: string;
};

/**
 * What a client generator needs of every operation of the committed document (issue 37): a stable,
 * unique operationId, a tag, a summary, a success answer and its security requirement. `npx
 * @redocly/cli lint docs/openapi.json` (recommended rules) reports no errors on it.
 */
describe('docs/openapi.json for client generators', () => {
  it('names every operation uniquely and documents its success and its security', async () => {
    const document = JSON.parse(await readFile(DOCUMENT, 'utf8')) as {
      servers?: unknown[];
      paths: Record<string, Record<string, Operation>>;
    };
    expect(document.servers?.length).toBeGreaterThan(0);
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, operation]) => ({ where: `${method.toUpperCase()} ${path}`, ...operation })),
    );
    expect(operations.length).toBeGreaterThan(200);
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.filter((id) => !id || !/^[a-zA-Z]+\.[a-zA-Z0-9]+$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const faults = operations.flatMap((operation) => [
      ...(operation.summary ? [] : [`${operation.where}: no summary`]),
      ...(operation.tags?.length ? [] : [`${operation.where}: no tag`]),
      ...(Object.keys(operation.responses ?? {}).some((status) => status.startsWith('2'))
        ? []
        : [`${operation.where}: no success response`]),
      ...(Array.isArray(operation.security) ? [] : [`${operation.where}: no security requirement`]),
      ...(operation['x-access'] === 'public' && operation.security?.length !== 0
        ? [`${operation.where}: public but asks for credentials`]
        : []),
    ]);
    expect(faults).toEqual([]);
  });
});
