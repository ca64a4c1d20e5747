import { useStoreState } from '../../hooks/use-store-state.ts';
import { formatCount, plural } from '../../state/text.ts';
import type { WireLogStore } from '../../state/wire-log-store.ts';
import { CopyButton } from '../CopyButton/CopyButton.tsx';
import controls from '../shared/controls.module.css';
import textStyles from '../shared/text.module.css';
import { Disclosure } from './Disclosure.tsx';
import { WireRows } from './WireRows.tsx';

/** Every JSON-RPC message of the connection, as it went over the wire, with its time and a copy. */
export function WireLogSection({ wire, server }: { wire: WireLogStore; server: string }) {
  const { rows, dropped } = useStoreState(wire.store);
  return (
    <Disclosure summary={`Wire log (${plural(rows.length + dropped, 'message')})`} testId="mcp-wire-log">
      {() => (
        <>
          <p className={textStyles.note}>
            Each JSON-RPC message this page's MCP client sent (→) or received (←), from initialize on, with
            its time since the first and, for an answer, since its request. Open a row for the whole message.
            Headers (a token) are not part of any message.
          </p>
          <div className={controls.toolbar}>
            <CopyButton text={() => wire.toJson()} label="Copy log" testId="wire-copy-log" />
            {dropped > 0 && (
              <span className={textStyles.note} data-testid="wire-dropped">
                {`The ${formatCount(dropped)} oldest are no longer kept (the log keeps the newest ${formatCount(rows.length)}).`}
              </span>
            )}
          </div>
          <WireRows rows={rows} label={`${server}: wire log`} testId="wire-rows" empty="No message yet." />
        </>
      )}
    </Disclosure>
  );
}
