import { createToolSuite } from 'browser-agent-tools';
import {
  createApprovalPrompt,
  createPlaygroundStore,
  exposePlayground,
  Playground,
} from 'browser-agent-tools/playground';
import 'browser-agent-tools/playground/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// The prompt answers the suite's approvals in the page: refunds change state, and the policy asks.
const approvals = createApprovalPrompt();
const suite = createToolSuite({
  builtins: false,
  policy: { state_write: 'ask', default: 'allow' },
  onApproval: approvals.onApproval,
});

// Two tools of the app's own.
suite.register(
  {
    name: 'lookup_order',
    description: 'Looks up an order by its id and says where it is.',
    parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    effects: ['read'],
  },
  'direct',
  (args) => ({
    output: `Order ${args.id} has shipped.`,
    structured_output: { id: args.id, status: 'shipped' },
  }),
);
suite.register(
  {
    name: 'refund_order',
    description: 'Refunds an order in full.',
    parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    effects: ['state_write'],
  },
  'direct',
  (args) => ({ output: `Order ${args.id} was refunded.` }),
);

// The component's stores, made here so that window.playground (for Playwright tests and docs) drives
// the very session the component shows: a test's calls land in its history.
const store = createPlaygroundStore(suite, {
  approvals,
  // Token counts and the provider formats of the declarations (needs gpt-tokenizer).
  loadProviders: () => import('browser-agent-tools/providers'),
});
exposePlayground(store);

createRoot(document.getElementById('playground')).render(
  <StrictMode>
    <Playground
      store={store}
      approvals={approvals}
      panels={['composer', 'channels', 'history', 'declarations']}
      title="Orders desk tools"
    />
  </StrictMode>,
);
