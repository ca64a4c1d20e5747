import { type FormEvent, useMemo, useState } from 'react';
import { useStoreState } from '../../hooks/use-store-state.ts';
import { type InspectorStore, LOG_LEVELS, type LogLevel } from '../../state/inspector-store.ts';
import { plural } from '../../state/text.ts';
import type { WireLogStore } from '../../state/wire-log-store.ts';
import { LabelledSelect } from '../LabelledSelect/LabelledSelect.tsx';
import textStyles from '../shared/text.module.css';
import { VisibleText } from '../VisibleText/VisibleText.tsx';
import { Disclosure } from './Disclosure.tsx';
import { WireRows } from './WireRows.tsx';

/** The level the server's log messages must reach to be sent (`logging/setLevel`). */
function LogLevelForm({ inspector }: { inspector: InspectorStore }) {
  const { logLevel, logLevelError } = useStoreState(inspector.store);
  const [level, setLevel] = useState<LogLevel>(logLevel ?? 'info');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void inspector.setLogLevel(level);
  };
  return (
    <form onSubmit={submit}>
      <LabelledSelect
        label="Log level"
        value={level}
        onChange={(event) => setLevel(event.target.value as LogLevel)}
        data-testid="log-level"
        note={logLevel === null ? "the server's default until set" : `set to ${logLevel}`}
      >
        {LOG_LEVELS.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </LabelledSelect>
      <button type="submit" data-testid="log-level-set">
        Set level
      </button>
      {logLevelError && (
        <p className={textStyles.error} role="alert">
          <VisibleText text={logLevelError} />
        </p>
      )}
    </form>
  );
}

/** What the server told the client unasked: its log messages (MCP logging) and other notifications. */
export function ServerLogSection({
  wire,
  inspector,
  server,
}: {
  wire: WireLogStore;
  inspector: InspectorStore;
  server: string;
}) {
  const { rows } = useStoreState(wire.store);
  const { offers } = useStoreState(inspector.store);
  const notifications = useMemo(
    () => rows.filter((row) => row.kind === 'notification' && row.direction === 'received'),
    [rows],
  );
  return (
    <Disclosure
      summary={`Notifications and log (${plural(notifications.length, 'message')})`}
      testId="mcp-log"
    >
      {() => (
        <>
          {offers.logging ? (
            <LogLevelForm inspector={inspector} />
          ) : (
            <p className={textStyles.note}>
              This server declares no logging capability: it sends no log messages.
            </p>
          )}
          <WireRows
            rows={notifications}
            label={`${server}: notifications and log messages`}
            testId="log-rows"
            empty="No notification yet."
          />
        </>
      )}
    </Disclosure>
  );
}
