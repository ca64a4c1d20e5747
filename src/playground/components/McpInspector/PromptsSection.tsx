import { type FormEvent, useEffect, useId, useState } from 'react';
import { useStoreState } from '../../hooks/use-store-state.ts';
import type { InspectorStore, PromptItem, PromptRun } from '../../state/inspector-store.ts';
import { plural } from '../../state/text.ts';
import { LabelledSelect } from '../LabelledSelect/LabelledSelect.tsx';
import formStyles from '../shared/form.module.css';
import textStyles from '../shared/text.module.css';
import { VisibleText } from '../VisibleText/VisibleText.tsx';
import { Disclosure } from './Disclosure.tsx';
import { PagedText } from './PagedText.tsx';
import { ListingStatus } from './ResourcesSection.tsx';

/** One field per argument of the prompt (required ones marked), and Get prompt. */
function PromptForm({ inspector, prompt }: { inspector: InspectorStore; prompt: PromptItem }) {
  const baseId = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Arguments left empty are not sent: the server decides about a missing optional one.
    const args = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
    void inspector.getPrompt(prompt.name, args);
  };
  return (
    <form onSubmit={submit} data-testid="prompt-form">
      {prompt.description && (
        <p className={textStyles.note}>
          <VisibleText text={prompt.description} />
        </p>
      )}
      {prompt.arguments.length > 0 && (
        <div className={formStyles.form}>
          {prompt.arguments.map((argument, index) => {
            const id = `${baseId}-${index}`;
            return (
              <FieldPair
                key={argument.name}
                id={id}
                label={`${argument.name}${argument.required ? ' (required)' : ''}`}
              >
                <input
                  id={id}
                  required={argument.required}
                  placeholder={argument.description ?? ''}
                  value={values[argument.name] ?? ''}
                  onChange={(event) => setValues({ ...values, [argument.name]: event.target.value })}
                  data-testid={`prompt-arg-${argument.name}`}
                />
              </FieldPair>
            );
          })}
        </div>
      )}
      <button type="submit" data-testid="prompt-get">
        Get prompt
      </button>
    </form>
  );
}

function FieldPair({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <>
      <label htmlFor={id}>
        <VisibleText text={label} />
      </label>
      {children}
    </>
  );
}

/** The prompt's messages, each with its role, drawn as text. */
function PromptResult({ run, server }: { run: PromptRun; server: string }) {
  if (run.phase === 'loading') return <p className={textStyles.note}>{`Getting ${run.name}…`}</p>;
  if (run.phase === 'failed') {
    return (
      <p className={textStyles.error} role="alert" data-testid="prompt-error">
        <VisibleText text={run.error ?? ''} />
      </p>
    );
  }
  return (
    <div data-testid="prompt-result">
      <p className={textStyles.note}>{`${run.name}: ${plural(run.messages.length, 'message')}`}</p>
      {run.messages.map((message, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: messages are positional
        <div key={index} data-testid="prompt-message">
          <p className={textStyles.muted}>
            <VisibleText text={message.role} />
          </p>
          <PagedText text={message.text} label={`${server}: ${run.name}, message ${index + 1}`} />
        </div>
      ))}
    </div>
  );
}

function PromptsBody({ inspector, server }: { inspector: InspectorStore; server: string }) {
  const { offers, prompts, prompt } = useStoreState(inspector.store);
  const [chosen, setChosen] = useState<string>('');
  useEffect(() => {
    if (offers.prompts && inspector.store.getState().prompts.phase === 'idle') void inspector.listPrompts();
  }, [inspector, offers.prompts]);
  if (!offers.prompts) {
    return (
      <p className={textStyles.note}>This server declares no prompts capability: it has none to list.</p>
    );
  }
  const selected = prompts.items.find((item) => item.name === chosen) ?? prompts.items[0];
  return (
    <>
      <ListingStatus listing={prompts} what="prompts" />
      {prompts.items.length > 0 && selected && (
        <>
          <LabelledSelect
            label="Prompt"
            value={selected.name}
            onChange={(event) => setChosen(event.target.value)}
            data-testid="prompt-select"
            note={plural(prompts.items.length, 'prompt')}
          >
            {prompts.items.map((item) => (
              <option key={item.name} value={item.name}>
                {item.title ? `${item.name}: ${item.title}` : item.name}
              </option>
            ))}
          </LabelledSelect>
          <PromptForm key={selected.name} inspector={inspector} prompt={selected} />
        </>
      )}
      {prompts.nextCursor !== undefined && (
        <button type="button" onClick={() => void inspector.listPrompts(true)}>
          List the next page
        </button>
      )}
      {prompt && <PromptResult run={prompt} server={server} />}
    </>
  );
}

/** The server's prompts: choose one, fill its arguments, get its messages. */
export function PromptsSection({ inspector, server }: { inspector: InspectorStore; server: string }) {
  const { prompts } = useStoreState(inspector.store);
  const count = prompts.phase === 'idle' ? '' : ` (${plural(prompts.items.length, 'prompt')})`;
  return (
    <Disclosure summary={`Prompts${count}`} testId="mcp-prompts">
      {() => <PromptsBody inspector={inspector} server={server} />}
    </Disclosure>
  );
}
