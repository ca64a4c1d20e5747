// A Node project without the DOM lib (lib ES2022 + @types/node, declarations of dependencies checked
// too) type-checks against the entries a server uses.
import { createToolSuite, type ToolResult } from 'browser-agent-tools';
import { createCoreSuite } from 'browser-agent-tools/core';
import { toProviderTools } from 'browser-agent-tools/providers';

const suite = createToolSuite();
const core = createCoreSuite();
const result: Promise<ToolResult> = suite.execute('ls', { path: '.' });
export const used = [core, result, toProviderTools(suite.declarations(suite.createSession()), 'openai-chat')];
