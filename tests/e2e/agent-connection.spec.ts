/**
 * The Agent panel's Test connection against the fake model server (tests/agent/fake-model-server.ts,
 * which sends CORS headers) and against a server that answers without them, as a local model server
 * started without OLLAMA_ORIGINS does: the browser blocks that answer, and the panel says what to set.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { type FakeModelServer, startFakeModelServer } from '../agent/fake-model-server.ts';
import { openPlayground } from './playground.ts';

let fake: FakeModelServer;
let noCors: Server;
let noCorsURL: string;

test.beforeAll(async () => {
  fake = await startFakeModelServer([]);
  noCors = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ data: [{ id: 'fake-model' }] }));
  });
  await new Promise<void>((resolve) => noCors.listen(0, '127.0.0.1', resolve));
  noCorsURL = `http://127.0.0.1:${(noCors.address() as AddressInfo).port}/v1`;
});

test.afterAll(async () => {
  await fake?.close();
  await new Promise((resolve) => noCors?.close(resolve));
});

test('Test connection lists the models of a server that allows the page, and explains one that does not', async ({
  page,
}) => {
  await openPlayground(page);
  const panel = page.getByTestId('agent');
  const baseURL = panel.getByLabel('Base URL');
  const status = panel.getByTestId('agent-connection');
  // The panel starts on the demo model, which has nothing to connect to.
  await panel.getByTestId('agent-provider').selectOption('openai-chat');
  await panel.getByLabel('Model').fill('fake-model');
  await baseURL.fill(fake.openAIBaseURL);
  await panel.getByTestId('agent-test-connection').click();
  await expect(status).toHaveText(
    `Connected: ${fake.openAIBaseURL}/models lists 1 model, including fake-model.`,
  );
  // One GET of the models (and its preflight, if any): no model request, so no tokens spent.
  expect(fake.requests).toEqual([]);
  expect(fake.log.filter((entry) => entry.method === 'GET').map((entry) => entry.path)).toEqual([
    '/v1/models',
  ]);

  await panel.getByTestId('agent-provider').selectOption('anthropic');
  await baseURL.fill(fake.anthropicBaseURL);
  await panel.getByLabel('Model').fill('fake-model');
  await expect(status).toHaveText('');
  await panel.getByTestId('agent-test-connection').click();
  await expect(status).toHaveText(
    `Connected: ${fake.anthropicBaseURL}/v1/models lists 1 model, including fake-model.`,
  );

  await panel.getByTestId('agent-provider').selectOption('openai-chat');
  await baseURL.fill(noCorsURL);
  await panel.getByTestId('agent-test-connection').click();
  const origin = new URL(page.url()).origin;
  await expect(status).toHaveText(
    `The server at ${noCorsURL} did not answer this page (Failed to fetch): check that it runs and that the base URL is right, and that it allows requests from ${origin} (CORS). For Ollama, start it with OLLAMA_ORIGINS=${origin} ollama serve.`,
  );
});
