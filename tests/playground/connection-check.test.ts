/**
 * The Agent panel's Test connection: the models listed, the key sent, and what each failure says.
 * Reaches inside: the playground app's state modules (src/playground/state/) have no public entry:
 * browser-agent-tools/playground exports the component, createPlaygroundStore and the approval prompt only,
 * so they are tested as the app uses them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConnectionCheck, checkConnection } from '../../src/playground/state/connection-check.ts';
import { type FakeModelServer, startFakeModelServer } from '../agent/fake-model-server.ts';

const ORIGIN = 'http://localhost:4315';
let server: FakeModelServer;

beforeAll(async () => {
  server = await startFakeModelServer([]);
});
afterAll(async () => {
  await server.close();
});

const openai = (patch: Partial<ConnectionCheck> = {}): ConnectionCheck => ({
  provider: 'openai-chat',
  baseURL: server.openAIBaseURL,
  model: 'fake-model',
  apiKey: '',
  ...patch,
});

/** A `fetch` that answers every request with `response`, recording what was asked. */
function answering(response: () => Response, seen: { url: string; headers: Headers }[] = []): typeof fetch {
  return async (input, init) => {
    seen.push({ url: String(input), headers: new Headers(init?.headers) });
    return response();
  };
}

describe('Test connection (the Agent panel)', () => {
  it('lists the models of an OpenAI-compatible server and of the Anthropic API, and names the chosen one', async () => {
    expect(await checkConnection(openai(), fetch, ORIGIN)).toEqual({
      ok: true,
      text: `Connected: ${server.openAIBaseURL}/models lists 1 model, including fake-model.`,
    });
    expect(await checkConnection(openai({ model: 'qwen3:8b' }), fetch, ORIGIN)).toEqual({
      ok: true,
      text: `Connected: ${server.openAIBaseURL}/models lists 1 model, but not qwen3:8b: set Model to one of fake-model.`,
    });
    const anthropic = await checkConnection(
      { provider: 'anthropic', baseURL: server.anthropicBaseURL, model: 'fake-model', apiKey: 'k' },
      fetch,
      ORIGIN,
    );
    expect(anthropic.text).toBe(
      `Connected: ${server.anthropicBaseURL}/v1/models lists 1 model, including fake-model.`,
    );
    const models = server.log.filter((entry) => entry.path === '/v1/models');
    expect(models.at(-1)?.headers['x-api-key']).toBe('k');
    expect(models.at(-1)?.headers['anthropic-version']).toBe('2023-06-01');
    // One request each, and no model request: the check costs no tokens.
    expect(server.requests).toEqual([]);
  });

  it('sends the key as a bearer token to OpenAI-compatible servers', async () => {
    const seen: { url: string; headers: Headers }[] = [];
    const list = () => Response.json({ data: [{ id: 'a' }] });
    await checkConnection(
      openai({ baseURL: 'http://x.test/v1/', apiKey: 'sk-1' }),
      answering(list, seen),
      ORIGIN,
    );
    expect(seen.map((request) => [request.url, request.headers.get('authorization')])).toEqual([
      ['http://x.test/v1/models', 'Bearer sk-1'],
    ]);
  });

  it('says what to do about a refused key, a wrong path, another answer, an unreachable server and a bad URL', async () => {
    const status = (code: number, body: string) => answering(() => new Response(body, { status: code }));
    const base = 'http://x.test/v1';
    expect(
      (
        await checkConnection(
          openai({ baseURL: base }),
          status(401, '{"error":{"message":"Incorrect API key provided."}}'),
          ORIGIN,
        )
      ).text,
    ).toBe(
      'http://x.test/v1/models answered 401 (Incorrect API key provided.): the API key is missing or wrong. Enter the key (local servers need none) and test again.',
    );
    expect((await checkConnection(openai({ baseURL: base }), status(404, 'not found'), ORIGIN)).text).toBe(
      'http://x.test/v1/models answered 404: check the base URL (such as http://localhost:11434/v1 for Ollama).',
    );
    expect(
      (
        await checkConnection(
          { ...openai({ baseURL: 'http://x.test/v1' }), provider: 'anthropic' },
          status(404, ''),
          ORIGIN,
        )
      ).text,
    ).toBe(
      'http://x.test/v1/v1/models answered 404: check the base URL (such as https://api.anthropic.com, without /v1).',
    );
    expect((await checkConnection(openai({ baseURL: base }), status(200, '<html>'), ORIGIN)).text).toBe(
      'http://x.test/v1/models answered, but not with a list of models: check the base URL (OpenAI-compatible servers usually end in /v1).',
    );
    const refused: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await checkConnection(openai({ baseURL: 'http://localhost:11434/v1' }), refused, ORIGIN)).toEqual({
      ok: false,
      text: 'The server at http://localhost:11434/v1 did not answer this page (Failed to fetch): check that it runs and that the base URL is right, and that it allows requests from http://localhost:4315 (CORS). For Ollama, start it with OLLAMA_ORIGINS=http://localhost:4315 ollama serve.',
    });
    const slow: typeof fetch = () => Promise.reject(new DOMException('timed out', 'TimeoutError'));
    expect((await checkConnection(openai({ baseURL: base }), slow, ORIGIN)).text).toBe(
      'The server at http://x.test/v1 did not answer within 10 s: check that it runs and is not busy.',
    );
    expect((await checkConnection(openai({ baseURL: 'localhost:11434' }), refused, ORIGIN)).text).toBe(
      'The base URL "localhost:11434" is not a full URL. Write it with its scheme and host, such as http://localhost:11434/v1.',
    );
  });
});
