import { EXPOSURE_MODES } from 'browser-agent-tools';
import { lazy, Suspense, useId } from 'react';
import { usePlayground } from '../../hooks/use-playground.ts';
import { useStoreState } from '../../hooks/use-store-state.ts';
import type { CatalogRow as CatalogRowData } from '../../state/catalog-store.ts';
import { Badge } from '../Badge/Badge.tsx';
import { Panel, PanelCount } from '../Panel/Panel.tsx';
import controls from '../shared/controls.module.css';
import textStyles from '../shared/text.module.css';
import { VisibleText } from '../VisibleText/VisibleText.tsx';
import styles from './CatalogPanel.module.css';
import { EffectBadges } from './EffectBadges.tsx';
import { ModeSelect } from './ModeSelect.tsx';

/** The register form (a closed `<details>` at first), fetched with the first render: the entry chunk has a budget. */
const RegisterToolForm = lazy(() =>
  import('../RegisterToolForm/RegisterToolForm.tsx').then((module) => ({ default: module.RegisterToolForm })),
);

/** One tool's view (schema, effects, mode, tokens per format): loaded when a tool is first opened. */
const ToolView = lazy(() =>
  import('../ToolView/ToolView.tsx').then((module) => ({ default: module.ToolView })),
);

const firstLine = (text: string): string => text.split('\n', 1)[0]?.trim() ?? '';

/** The name and mode filters above the table. */
function CatalogFilters() {
  const { catalog } = usePlayground();
  const state = useStoreState(catalog.store);
  const filterId = useId();
  const modeFilterId = useId();
  return (
    <div className={controls.toolbar}>
      <label htmlFor={filterId} className={textStyles.visuallyHidden}>
        Filter tools
      </label>
      <input
        id={filterId}
        type="search"
        placeholder="Filter by name or description"
        value={state.filter}
        onChange={(event) => catalog.setFilter(event.target.value)}
      />
      <label htmlFor={modeFilterId} className={textStyles.visuallyHidden}>
        Show mode
      </label>
      <select
        id={modeFilterId}
        value={state.modeFilter}
        onChange={(event) => {
          const value = event.target.value;
          catalog.setModeFilter(EXPOSURE_MODES.find((mode) => mode === value) ?? 'all');
        }}
      >
        <option value="all">all modes</option>
        {EXPOSURE_MODES.map((mode) => (
          <option key={mode} value={mode}>
            {mode}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One tool: name, origin and state badges, the first line of its description, its mode and effects. */
function CatalogRow({ row }: { row: CatalogRowData }) {
  const { catalog } = usePlayground();
  return (
    <tr data-testid="catalog-row" data-tool={row.name} data-mode={row.mode}>
      <td>
        <button
          type="button"
          className={controls.link}
          onClick={() => catalog.showTool(row.name)}
          title={`Open the view of ${row.name}`}
        >
          <code className={styles.toolName}>{row.name}</code>
        </button>{' '}
        {row.origin !== 'builtin' && <Badge>{row.origin}</Badge>}
        {row.active && <Badge tone="active">active</Badge>}
        {!row.hasImplementation && <Badge tone="unknown">no implementation</Badge>}
        <div className={styles.summary}>
          <VisibleText text={firstLine(row.description)} />
        </div>
      </td>
      <td>
        <ModeSelect
          value={row.mode}
          label={`Mode of ${row.name}`}
          onChange={(mode) => catalog.setMode(row.name, mode)}
        />
      </td>
      <td className={styles.effects} data-testid="catalog-effects">
        <EffectBadges effects={row.effects} />
      </td>
    </tr>
  );
}

/** Every registered tool with its mode (changeable in place), effects and origin; the register form. */
export function CatalogPanel() {
  const { catalog, page } = usePlayground();
  const state = useStoreState(catalog.store);
  const { demo } = useStoreState(page);
  const rows = catalog.visibleRows();
  const counts = EXPOSURE_MODES.map(
    (mode) => `${state.rows.filter((row) => row.mode === mode).length} ${mode}`,
  ).join(' · ');
  return (
    <Panel title="Catalog" testId="catalog" aside={<PanelCount>{state.rows.length} tools</PanelCount>}>
      <p className={textStyles.note}>{counts}</p>
      {demo === 'loading' && (
        <p className={textStyles.note} role="status">
          Loading the demo catalog…
        </p>
      )}
      <CatalogFilters />
      {state.notice && (
        <p className={textStyles.note} role="status">
          {state.notice}
        </p>
      )}
      <div className={styles.scroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Tool</th>
              <th scope="col">Mode</th>
              <th scope="col">Effects</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <CatalogRow key={row.name} row={row} />
            ))}
          </tbody>
        </table>
        {rows.length === 0 && <p className={textStyles.note}>No tool matches the filter.</p>}
      </div>
      <Suspense fallback={null}>
        <RegisterToolForm />
      </Suspense>
      {state.viewing !== null && (
        <Suspense fallback={null}>
          <ToolView />
        </Suspense>
      )}
    </Panel>
  );
}
