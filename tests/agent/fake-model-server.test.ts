/**
 * The fake model server itself: what a browser page needs from it (CORS preflights, CORP on every
 * response, private-network access) and how it reports a script that ran out.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeModelServer, startFakeModelServer } from './fake-model-server.ts';

const servers: FakeModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(...args: Parameters<typeof startFakeModelServer>): Promise<FakeModelServer> {
  const server = await startFakeModelServer(...args);
  servers.push(server);
  return server;
}

describe('startFakeModelServer', () => {
  it('listens on 127.0.0.1 on an ephemeral port', async () => {
    const server = await serve([]);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url).not.toMatch(/:0$/);
    expect(server.openAIBaseURL).toBe(`${server.url}/v1`);
    expect(server.anthropicBaseURL).toBe(server.url);
  });

  it('answers a CORS preflight with the requested headers, private network access and CORP', async () => {
    const server = await serve([]);
    const response = await fetch(`${server.url}/v1/messages`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type,anthropic-version,x-stainless-lang',
        'Access-Control-Request-Private-Network': 'true',
      },
    });
    expect(response.status).toBe(204);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': 'authorization,content-type,anthropic-version,x-stainless-lang',
      'access-control-allow-private-network': 'true',
      'cross-origin-resource-policy': 'cross-origin',
    });
    expect(server.requests).toEqual([]);
    expect(server.log.map((entry) => entry.method)).toEqual(['OPTIONS']);
  });

  it('sends CORS and CORP headers on replies and errors too', async () => {
    const server = await serve([{ type: 'text', text: 'hi' }], { apiKey: 'right' });
    const post = (key: string) =>
      fetch(`${server.openAIBaseURL}/chat/completions`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
      });
    const refused = await post('wrong');
    const answered = await post('right');
    for (const response of [refused, answered]) {
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-expose-headers')).toBe('*');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    }
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      error: {
        message: 'Incorrect API key provided.',
        type: 'authentication_error',
        code: 'invalid_api_key',
      },
    });
    expect(await answered.json()).toMatchObject({
      choices: [{ message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }],
    });
    expect(server.requests).toHaveLength(1);
  });

  it('answers a model request past the end of the script with a 500 that says so', async () => {
    const server = await serve([]);
    const response = await fetch(`${server.anthropicBaseURL}/v1/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'm', max_tokens: 1, messages: [] }),
    });
    expect(response.status).toBe(500);
    expect(response.headers.get('x-should-retry')).toBe('false');
    expect(await response.json()).toEqual({
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message: 'fake model server: the script has no reply for model request 1',
      },
    });
  });

  it('lists one model for pickers', async () => {
    const server = await serve([]);
    const response = await fetch(`${server.openAIBaseURL}/models`);
    expect(await response.json()).toMatchObject({ data: [{ id: 'fake-model' }] });
  });
});
