import { PGlite } from '@electric-sql/pglite';
import { buildApp } from './app';
import { parseConfig } from './config';
import { openDatabase } from './db/client';

/** The OpenAPI document of the running routes, generated from the zod contracts. */
export async function generateOpenApi(): Promise<string> {
  const database = await openDatabase({ kind: 'pglite', client: await PGlite.create() });
  const app = await buildApp(
    parseConfig({
      JWT_SECRET: 'openapi-generation-only-secret-0123456789',
      MQTT_PORT: '0',
      LOG_LEVEL: 'silent',
      DEMO: '0',
      DATABASE_URL: undefined,
    }),
    { database },
  );
  try {
    await app.ready();
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
    await database.close();
  }
}
