import { useId } from 'react';
import { usePlayground } from '../../hooks/use-playground.ts';
import { useStoreState } from '../../hooks/use-store-state.ts';
import { prettyJson } from '../../state/text.ts';
import { ModeSelect } from '../CatalogPanel/ModeSelect.tsx';
import controls from '../shared/controls.module.css';
import textStyles from '../shared/text.module.css';
import { TextView } from '../TextView/TextView.tsx';
import styles from './RegisterToolForm.module.css';

/** Specs in other formats, to start from. */
const EXAMPLES: { label: string; spec: object }[] = [
  {
    label: 'OpenAI',
    spec: {
      type: 'function',
      function: {
        name: 'zendesk_create_ticket',
        description: 'Open a Zendesk support ticket.',
        parameters: {
          type: 'object',
          properties: { subject: { type: 'string' }, body: { type: 'string' } },
          required: ['subject'],
        },
      },
    },
  },
  {
    label: 'Anthropic',
    spec: {
      name: 'shopify_get_order',
      description: 'Get a Shopify order by number.',
      input_schema: {
        type: 'object',
        properties: { order_number: { type: 'integer' } },
        required: ['order_number'],
      },
    },
  },
  {
    label: 'Gemini',
    spec: {
      functionDeclarations: [
        {
          name: 'airtable_list_records',
          description: 'List records of an Airtable table.',
          parameters: {
            type: 'OBJECT',
            properties: { base: { type: 'STRING' }, table: { type: 'STRING' } },
            required: ['base', 'table'],
          },
        },
      ],
    },
  },
  {
    label: 'LangChain',
    spec: {
      name: 'wikipedia_lookup',
      description: 'Look a topic up on Wikipedia.',
      schema: { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] },
    },
  },
];

/** The new tool's mode, echo and replace choices, and the Register button. */
function RegisterOptions() {
  const { catalog } = usePlayground();
  const { draft } = useStoreState(catalog.store);
  const modeId = useId();
  const echoId = useId();
  const replaceId = useId();
  return (
    <div className={controls.toolbar}>
      <label htmlFor={modeId}>Mode</label>
      <ModeSelect
        id={modeId}
        value={draft.mode}
        label="Mode of the new tool"
        onChange={(mode) => catalog.setDraftMode(mode)}
      />
      <input
        id={echoId}
        type="checkbox"
        checked={draft.echo}
        onChange={(event) => catalog.setDraftEcho(event.target.checked)}
      />
      <label htmlFor={echoId}>Answer calls with an echo of the arguments</label>
      <input
        id={replaceId}
        type="checkbox"
        checked={draft.replace}
        onChange={(event) => catalog.setDraftReplace(event.target.checked)}
      />
      <label htmlFor={replaceId}>Replace a tool of the same name</label>
      <button
        type="button"
        className={controls.primary}
        disabled={!draft.preview}
        onClick={() => catalog.registerDraft()}
      >
        Register
      </button>
    </div>
  );
}

/** Accepts a spec in any supported format, shows its catalog form, registers it with a mode. */
export function RegisterToolForm() {
  const { catalog } = usePlayground();
  const { draft } = useStoreState(catalog.store);
  const textId = useId();
  return (
    <details className={styles.register} data-testid="register-form">
      <summary>Register a tool</summary>
      <div className={controls.toolbar}>
        <span className={textStyles.note}>Start from:</span>
        {EXAMPLES.map((example) => (
          <button
            key={example.label}
            type="button"
            onClick={() => catalog.setDraft(prettyJson(example.spec))}
          >
            {example.label}
          </button>
        ))}
      </div>
      <label htmlFor={textId}>
        Tool spec (any format: OpenAI, Anthropic, MCP, Gemini, Vercel AI SDK, LangChain)
      </label>
      <textarea
        id={textId}
        className={controls.codeInput}
        rows={10}
        spellCheck={false}
        value={draft.text}
        onChange={(event) => catalog.setDraft(event.target.value)}
      />
      {draft.format && (
        <p className={textStyles.note} data-testid="register-format">
          Read as: {draft.format}
        </p>
      )}
      {draft.error && (
        <p className={textStyles.error} role="alert" data-testid="register-error">
          {draft.error}
        </p>
      )}
      {draft.preview && (
        <div data-testid="register-preview">
          <p className={textStyles.note}>Catalog form:</p>
          <TextView
            text={prettyJson(draft.preview.length === 1 ? draft.preview[0] : draft.preview)}
            label="Catalog form of the spec"
          />
        </div>
      )}
      <RegisterOptions />
    </details>
  );
}
