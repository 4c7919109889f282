/** JSON requests to a server under measurement, and the agent a chat benchmark talks to. */

/** A JSON request; throws on any status from 300 up. */
export async function api(base: string, method: string, url: string, body?: unknown): Promise<any> {
  const res = await fetch(`${base}${url}`, { method, headers: { 'content-type': 'application/json' }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const parsed = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(parsed)}`);
  return parsed;
}

/** Agent `bench` answering from an OpenAI-compatible server's `models` (all enabled), `selected` chosen; answers the connection id. */
export async function benchAgent(base: string, modelOrigin: string, models: string[], selected: string): Promise<string> {
  await api(base, 'POST', '/api/agents', { id: 'bench', name: 'Bench' });
  const connection = await api(base, 'POST', '/api/settings/model-connections', {
    provider: 'openai',
    apiType: 'openai-chat',
    baseUrl: `${modelOrigin}/v1`,
    models: models.map((id) => ({ id, enabled: true })),
  });
  const connectionId = connection.connection.id as string;
  await api(base, 'PUT', '/api/agents/bench/model-selection', { connectionId, model: selected });
  return connectionId;
}
