/**
 * The example transcripts of the replay panel: raw tool calls exactly as model APIs return them, in
 * mixed formats. A string argument may refer to an earlier result with `{{previous.<path>}}` or
 * `{{step<N>.<path>}}` (N from 1), e.g. `{{previous.details.spilled_path}}`.
 */

/** One shipped example. */
export interface ExampleTranscript {
  id: string;
  title: string;
  description: string;
  calls: unknown[];
}

export const EXAMPLE_TRANSCRIPTS: readonly ExampleTranscript[] = [
  {
    id: 'search-then-call',
    title: 'tool_search activates a deferred tool, the next call uses it',
    description:
      'An OpenAI chat call to tool_search finds github_create_issue (deferred, so not declared yet); the next call, an Anthropic tool_use, creates the issue with it.',
    calls: [
      {
        id: 'call_01',
        type: 'function',
        function: { name: 'tool_search', arguments: '{"query":"create a GitHub issue"}' },
      },
      {
        type: 'tool_use',
        id: 'toolu_01',
        name: 'github_create_issue',
        input: { repo: 'acme/shop', title: 'Checkout returns 500 for carts over 50 items', labels: ['bug'] },
      },
    ],
  },
  {
    id: 'edit-test-read-spill',
    title: 'Edit a file, run the tests, read the spilled output',
    description:
      'An OpenAI responses function_call edits src/cart.ts, a Gemini functionCall runs the test script (its long output is spilled to a file), and a Claude-style Read call reads the end of the spilled file.',
    calls: [
      {
        type: 'function_call',
        call_id: 'fc_01',
        name: 'edit',
        arguments: JSON.stringify({
          path: 'src/cart.ts',
          oldText: '    sum += item.price * item.qty;',
          newText: '    sum += Math.round(item.price * item.qty * 100) / 100;',
        }),
      },
      { functionCall: { name: 'bash', args: { command: 'bash tests/run.sh' } } },
      {
        type: 'tool_use',
        id: 'toolu_02',
        name: 'Read',
        input: { file_path: '{{previous.details.spilled_path}}', offset: 2398 },
      },
    ],
  },
];
