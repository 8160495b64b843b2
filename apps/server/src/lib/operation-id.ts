import type { RouteContract } from '@kerf/contracts';
import * as contracts from '@kerf/contracts';

const camel = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** Each route contract of @kerf/contracts by its export name (`setMachineStatus` …), built once. */
let names: WeakMap<object, string> | undefined;

/**
 * The OpenAPI `operationId` of a route: its module and the name its contract is exported under,
 * e.g. `printingShop.setMachineStatus`. Stable as long as the export keeps its name, unique because
 * export names are, and what generated clients name their methods after.
 */
export function operationIdOf(contract: RouteContract): string {
  if (!names) {
    names = new WeakMap();
    for (const [name, value] of Object.entries(contracts))
      if (typeof value === 'object' && value !== null && 'method' in value && 'path' in value)
        names.set(value, name);
  }
  const name = names.get(contract);
  if (!name)
    throw new Error(
      `route ${contract.method} ${contract.path} is not a contract exported by @kerf/contracts`,
    );
  return `${camel(contract.module)}.${name}`;
}
