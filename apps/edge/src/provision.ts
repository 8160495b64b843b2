import { readFileSync } from 'node:fs';
import { issueDemoAgents, login, type MachineCredentialView, routeUrl } from '@kerf/contracts';

export interface Provisioned {
  brokerUrl: string;
  agents: MachineCredentialView[];
}

/**
 * Credentials for simulated agents: from a JSON file (`{ brokerUrl?, agents: [...] }`), or, against
 * a server in demo mode, by signing in as the demo admin and calling `POST /demo/agents`.
 */
export async function provisionAgents(options: {
  count: number;
  server: string;
  tenant: string;
  username: string;
  password: string;
  broker?: string;
  credentialsFile?: string;
}): Promise<Provisioned> {
  if (options.credentialsFile) {
    const file = JSON.parse(readFileSync(options.credentialsFile, 'utf8')) as {
      brokerUrl?: string;
      agents: MachineCredentialView[];
    };
    const brokerUrl = options.broker ?? file.brokerUrl;
    if (!brokerUrl) throw new Error('--broker is required when the credentials file names none');
    return { brokerUrl, agents: file.agents.slice(0, options.count) };
  }
  const post = async (path: string, body: unknown, token?: string) => {
    // A start script may launch the simulator with the server: wait up to a minute for it.
    let response: Response | null = null;
    for (let attempt = 0; !response; attempt++) {
      try {
        response = await fetch(new URL(path, options.server), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify(body),
        });
      } catch (error) {
        if (attempt >= 60) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
    if (response.status === 503 && body) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return post(path, body, token);
    }
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const tokens = (await post(routeUrl(login), {
    tenant: options.tenant,
    username: options.username,
    password: options.password,
  })) as { bearerToken: string };
  const result = (await post(routeUrl(issueDemoAgents), { count: options.count }, tokens.bearerToken)) as {
    mqttPort: number | null;
    agents: MachineCredentialView[];
  };
  const brokerUrl = options.broker ?? (result.mqttPort ? `mqtt://127.0.0.1:${result.mqttPort}` : undefined);
  if (!brokerUrl) throw new Error('the server uses an external broker: pass --broker');
  return { brokerUrl, agents: result.agents };
}
