import * as contracts from '@kerf/contracts';
import { ERROR_CODES, ERROR_STATUS, type ErrorCode, type RouteContract, routeUrl } from '@kerf/contracts';
import { messageOf } from './lib/app-error';
import { isGatedContract } from './lib/budget';

/** Codes every operation can answer, and those every signed-in operation can (lib/route.ts). */
const ON_EVERY_OPERATION: ErrorCode[] = ['validation.INVALID_INPUT'];
const ON_SIGNED_IN_OPERATIONS: ErrorCode[] = [
  'authentication.UNAUTHENTICATED',
  'authentication.TOKEN_EXPIRED',
  'authentication.FORBIDDEN',
];

const isRouteContract = (value: unknown): value is RouteContract =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  'module' in value &&
  Array.isArray((value as { errors?: unknown }).errors);

/** Every route contract of @kerf/contracts, in the order of its exports. */
function routeContracts(): RouteContract[] {
  return (Object.values(contracts) as unknown[]).filter(isRouteContract);
}

/**
 * `docs/errors.md`: the error catalogue as integrators read it — every code, its HTTP status, what it
 * means and the operations that name it — generated from the code (`npm run openapi` writes it with
 * the OpenAPI document; `errors-doc.test.ts` fails while it is stale or a thrown code is missing).
 */
export function generateErrorsDoc(): string {
  const operations = new Map<ErrorCode, string[]>();
  for (const contract of routeContracts())
    for (const code of [
      ...contract.errors,
      // the per-tenant gate of every signed-in download and report (lib/route.ts)
      ...(isGatedContract(contract) ? (['common.RATE_LIMITED'] as const) : []),
    ]) {
      const list = operations.get(code) ?? [];
      list.push(`\`${contract.method} ${routeUrl(contract)}\``);
      operations.set(code, list);
    }
  const where = (code: ErrorCode) => {
    if (ON_EVERY_OPERATION.includes(code))
      return 'every operation (a request that does not match its schema)';
    if (ON_SIGNED_IN_OPERATIONS.includes(code)) return 'every operation that is not public';
    const list = [...new Set(operations.get(code) ?? [])].sort();
    return list.length > 0
      ? list.join(', ')
      : 'no operation names it in its contract (the live socket, the broker, a job, or not returned yet)';
  };
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const rows = ERROR_CODES.map(
    (code) => `| \`${code}\` | ${ERROR_STATUS[code]} | ${cell(messageOf(code))} | ${where(code)} |`,
  );
  return [
    '# Error catalogue',
    '',
    'Generated from `packages/contracts/src/errors.ts` and the route contracts by `npm run openapi`;',
    'do not edit by hand. Every error answer of the API is `{ code, message, details? }` with one of',
    'these codes (ADR 0006); `message` is the English text below, and the web app shows its own',
    'translation of the code. Validation failures (`validation.INVALID_INPUT`) name each field in',
    '`details.fields` with a field code (`REQUIRED`, `TOO_SHORT`, `TOO_BIG`, `INVALID_VALUE` …). A 5xx',
    'answer carries only the request id. The OpenAPI document (`docs/openapi.json`) lists the codes of',
    'each operation in its error responses.',
    '',
    '| code | HTTP status | meaning | returned by |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
