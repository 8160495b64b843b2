// Writes docs/openapi.json from the route contracts, docs/asyncapi.json from the live socket's
// contracts and docs/errors.md from the error catalogue:
// `npm run openapi`.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { generateAsyncApi } from '../src/asyncapi';
import { generateErrorsDoc } from '../src/errors-doc';
import { generateOpenApi } from '../src/openapi';
import { generateClientTypes } from '../test/openapi-client';

const target = fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url));
const openApi = await generateOpenApi();
await writeFile(target, openApi);
console.log(`wrote ${target}`);
const errors = fileURLToPath(new URL('../../../docs/errors.md', import.meta.url));
await writeFile(errors, generateErrorsDoc());
console.log(`wrote ${errors}`);
const asyncApi = fileURLToPath(new URL('../../../docs/asyncapi.json', import.meta.url));
await writeFile(asyncApi, generateAsyncApi());
console.log(`wrote ${asyncApi}`);
const clientTypes = fileURLToPath(new URL('../test/generated/kerf-api.ts', import.meta.url));
await writeFile(clientTypes, await generateClientTypes(openApi));
console.log(`wrote ${clientTypes}`);
