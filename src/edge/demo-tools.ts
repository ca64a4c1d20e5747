/**
 * The demo catalog of the ready-made worker (`dist/edge/worker.js`): four small deferred tools that do
 * real work offline (hashing, Base64, UUIDs, JSON), so `tool_search` has something to find and
 * activate. Model-facing text: tests pin it. Imports the package root entry only.
 */

import { ToolError, type ToolImplementation, type ToolSpec, type ToolSuite } from '../index.ts';
import { errorMessage } from '../shared/index.ts';

/** Names of the demo tools, in registration order. */
export const DEMO_TOOL_NAMES: readonly string[] = ['hash_text', 'base64', 'generate_uuid', 'format_json'];

/** Digest algorithms `hash_text` accepts (those Web Crypto provides everywhere). */
const ALGORITHMS = ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512'] as const;
/** UUIDs `generate_uuid` returns at most per call. */
const MAX_UUIDS = 20;

interface DemoTool {
  spec: ToolSpec;
  run: ToolImplementation;
}

const hashText: DemoTool = {
  spec: {
    name: 'hash_text',
    description:
      'Compute the SHA-256 hash (or SHA-1, SHA-384, SHA-512) of a text, as a hex digest. The text is encoded as UTF-8.',
    parameters: {
      type: 'object',
      properties: {
        text: { type: 'string', description: 'The text to hash.' },
        algorithm: {
          type: 'string',
          enum: [...ALGORITHMS],
          default: 'SHA-256',
          description: 'The hash algorithm. Default: SHA-256.',
        },
      },
      required: ['text'],
      additionalProperties: false,
    },
    effects: [],
  },
  async run(args) {
    const text = String(args.text);
    const algorithm = typeof args.algorithm === 'string' ? args.algorithm : 'SHA-256';
    const bytes = new TextEncoder().encode(text);
    const digest = new Uint8Array(await crypto.subtle.digest(algorithm, bytes));
    const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
    return {
      output: `${algorithm} of ${bytes.length} bytes: ${hex}`,
      structured_output: { algorithm, hex, bytes: bytes.length },
    };
  },
};

const base64: DemoTool = {
  spec: {
    name: 'base64',
    description: 'Encode a text as Base64, or decode Base64 back to text. Text is UTF-8.',
    parameters: {
      type: 'object',
      properties: {
        text: { type: 'string', description: 'The text to encode, or the Base64 to decode.' },
        mode: { type: 'string', enum: ['encode', 'decode'], description: 'encode or decode.' },
      },
      required: ['text', 'mode'],
      additionalProperties: false,
    },
    effects: [],
  },
  run(args) {
    const text = String(args.text);
    if (args.mode === 'encode') {
      const bytes = new TextEncoder().encode(text);
      const encoded = btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
      return { output: encoded, structured_output: { mode: 'encode', result: encoded } };
    }
    let binary: string;
    try {
      binary = atob(text.replace(/\s+/g, ''));
    } catch {
      throw new ToolError(
        'the text is not valid Base64. Pass only the characters A-Z, a-z, 0-9, "+" and "/", with "=" padding at the end.',
        { code: 'INVALID_BASE64' },
      );
    }
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    let decoded: string;
    try {
      decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new ToolError(
        `the Base64 decodes to ${bytes.length} ${bytes.length === 1 ? 'byte' : 'bytes'} of binary data, not UTF-8 text, so it cannot be shown. Decode only Base64 of text.`,
        { code: 'NOT_TEXT' },
      );
    }
    return { output: decoded, structured_output: { mode: 'decode', result: decoded } };
  },
};

const generateUuid: DemoTool = {
  spec: {
    name: 'generate_uuid',
    description: 'Generate random UUIDs (version 4), for example as unique IDs for records or files.',
    parameters: {
      type: 'object',
      properties: {
        count: {
          type: 'integer',
          minimum: 1,
          maximum: MAX_UUIDS,
          default: 1,
          description: 'How many UUIDs to generate. Default: 1.',
        },
      },
      additionalProperties: false,
    },
    effects: [],
  },
  run(args) {
    const count = typeof args.count === 'number' ? args.count : 1;
    const uuids = Array.from({ length: count }, () => crypto.randomUUID());
    return { output: uuids.join('\n'), structured_output: { uuids } };
  },
};

const formatJson: DemoTool = {
  spec: {
    name: 'format_json',
    description:
      'Validate a JSON document and pretty-print it with 2-space indentation, or minify it. Reports where invalid JSON breaks.',
    parameters: {
      type: 'object',
      properties: {
        json: { type: 'string', description: 'The JSON document, as text.' },
        minify: {
          type: 'boolean',
          default: false,
          description: 'Print it on one line without spaces instead. Default: false.',
        },
      },
      required: ['json'],
      additionalProperties: false,
    },
    effects: [],
  },
  run(args) {
    let value: unknown;
    try {
      value = JSON.parse(String(args.json));
    } catch (error) {
      const reason = errorMessage(error);
      throw new ToolError(
        `the text is not valid JSON (${reason}). Fix it there and call format_json again.`,
        {
          code: 'INVALID_JSON',
        },
      );
    }
    const formatted = args.minify === true ? JSON.stringify(value) : JSON.stringify(value, null, 2);
    return { output: formatted, structured_output: { valid: true, formatted } };
  },
};

const DEMO_TOOLS: readonly DemoTool[] = [hashText, base64, generateUuid, formatJson];

/**
 * Registers the demo tools on `suite` as `deferred` tools: absent from `tools/list` until `tool_search`
 * finds them. Throws `UsageError` when a tool of the same name is already registered.
 */
export function registerDemoTools(suite: ToolSuite): void {
  for (const tool of DEMO_TOOLS) suite.register(tool.spec, 'deferred', tool.run);
}
