/**
 * Scenarios: validation of untrusted input, and the compressed URL form.
 * Reaches inside: the playground app's state modules (src/playground/state/) have no public entry:
 * browser-agent-tools/playground exports the component, createPlaygroundStore and the approval prompt only,
 * so they are tested as the app uses them.
 */
import { describe, expect, it } from 'vitest';
import {
  decodeScenario,
  encodeScenario,
  fromBase64Url,
  parseScenario,
  scenarioDataFromHash,
  scenarioPath,
  toBase64Url,
} from '../../src/playground/state/scenario.ts';

describe('scenario', () => {
  it('round-trips through deflate-raw and base64url', async () => {
    const scenario = {
      version: 1 as const,
      files: { 'a.txt': 'ä\u0000b', 'bin/x': { base64: toBase64Url(new Uint8Array([0, 255, 1])) } },
      tools: [
        { spec: { name: 't', description: 'd', parameters: { type: 'object' } }, mode: 'deferred' as const },
      ],
      modes: { read: 'hidden' as const },
      calls: [
        { name: 'ls', arguments: {} },
        { raw: { functionCall: { name: 'ls', args: {} } }, caller: 'codemode' as const },
      ],
      provider: 'mcp',
    };
    const data = await encodeScenario(scenario);
    expect(data).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await decodeScenario(data)).toEqual(scenario);
    expect(scenarioDataFromHash(`#scenario=${data}`)).toBe(data);
    expect(scenarioDataFromHash('#other=1')).toBeNull();
    expect([...fromBase64Url(toBase64Url(new Uint8Array([251, 255, 0])))]).toEqual([251, 255, 0]);
  });

  it('refuses damaged data, other versions and paths that leave the workspace', async () => {
    await expect(decodeScenario('AAAA')).rejects.toThrow('The link data is damaged: it does not decompress.');
    await expect(decodeScenario('not base64!')).rejects.toThrow('The link data is not base64url.');
    expect(() => parseScenario({ version: 2 })).toThrow(
      'Unknown scenario version 2; this page reads version 1.',
    );
    expect(() => parseScenario([])).toThrow('A scenario must be a JSON object.');
    expect(() => parseScenario({ version: 1, modes: { read: 'sometimes' } })).toThrow(
      'Mode of "read" must be one of direct, model_only, codemode, deferred, hidden.',
    );
    expect(() => scenarioPath('../etc/passwd')).toThrow(
      'File path "../etc/passwd" must be relative to the workspace, without "..".',
    );
    expect(() => scenarioPath('/abs')).toThrow();
    expect(() => scenarioPath('a\\b')).toThrow('File path "a\\\\b" is not allowed.');
    expect(scenarioPath('./a//b/')).toBe('a/b');
  });

  it('refuses a link that expands beyond the size cap', async () => {
    const huge = { version: 1, files: { 'big.txt': 'x'.repeat(9 * 1024 * 1024) } };
    await expect(decodeScenario(await encodeScenario(huge as never))).rejects.toThrow(
      'The scenario expands to more than 8.0MB.',
    );
  });

  it('a "__proto__" file name stays a file name', () => {
    const parsed = parseScenario(JSON.parse('{"version":1,"files":{"__proto__":"x","a":"b"}}'));
    expect(Object.keys(parsed.files ?? {})).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(parsed.files)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
