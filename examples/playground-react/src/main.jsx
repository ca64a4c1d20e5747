import { createToolSuite } from 'browser-agent-tools';
import { createApprovalPrompt, Playground } from 'browser-agent-tools/playground';
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

createRoot(document.getElementById('playground')).render(
  <StrictMode>
    <Playground
      suite={suite}
      approvals={approvals}
      panels={['composer', 'channels', 'history', 'declarations']}
      title="Orders desk tools"
      // Token counts and the provider formats of the declarations (needs gpt-tokenizer).
      storeOptions={{ loadProviders: () => import('browser-agent-tools/providers') }}
    />
  </StrictMode>,
);
