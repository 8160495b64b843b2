// Writes docs/openapi.json from the route contracts: `npm run openapi`.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { generateOpenApi } from '../src/openapi';

const target = fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url));
await writeFile(target, await generateOpenApi());
console.log(`wrote ${target}`);
