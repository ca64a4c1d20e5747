import { useMemo, useState } from 'react';
import {
  autoExpandDepth,
  childCount,
  childEntries,
  collapsedString,
  containerSummary,
  expandDepth,
  JSON_PAGE_SIZE,
  jsonKind,
  treeSize,
} from '../../state/json-view.ts';
import { formatCount } from '../../state/text.ts';
import controls from '../shared/controls.module.css';
import textStyles from '../shared/text.module.css';
import { VisibleText } from '../VisibleText/VisibleText.tsx';
import styles from './JsonTree.module.css';

export interface JsonTreeProps {
  value: unknown;
  /** Accessible name of the tree. */
  label: string;
}

const NODE_CAP = 1_000_000;

/**
 * The most levels "Expand" opens, and the most nodes it may draw doing so: a wide value opens fewer
 * levels (a 40 × 40 × 40 array drew 64,000 nodes at 12 levels, one task of 8 s).
 */
const EXPAND_LEVELS = 12;
const EXPAND_NODES = 2_000;

/** Characters a "show more" adds to a string: a 5 MB string is never drawn in one go. */
const STRING_PAGE = 20_000;

function Scalar({ value }: { value: unknown }) {
  const [extra, setExtra] = useState(0);
  const kind = jsonKind(value);
  if (kind === 'string') {
    const text = value as string;
    const collapsed = collapsedString(text);
    const end = Math.min(text.length, collapsed.text.length + extra);
    const shown = text.slice(0, end);
    const hidden = text.length - end;
    return (
      <span className={styles.string}>
        "<VisibleText text={shown} />
        {hidden > 0 && (
          <>
            …{' '}
            <button
              type="button"
              className={controls.link}
              onClick={() => setExtra((before) => before + STRING_PAGE)}
            >
              show {formatCount(Math.min(hidden, STRING_PAGE))} more characters
            </button>
          </>
        )}
        "
      </span>
    );
  }
  return <span className={styles[kind]}>{kind === 'other' ? String(value) : JSON.stringify(value)}</span>;
}

function Key({ name }: { name: string | null }) {
  if (name === null) return null;
  return (
    <>
      <span className={styles.key} data-testid="json-key">
        <VisibleText text={name} />
      </span>
      :{' '}
    </>
  );
}

function Node({ name, value, openDepth }: { name: string | null; value: unknown; openDepth: number }) {
  const count = childCount(value);
  const container = jsonKind(value) === 'object' || jsonKind(value) === 'array';
  const [open, setOpen] = useState(openDepth > 0);
  const [shown, setShown] = useState(JSON_PAGE_SIZE);
  if (!container) {
    return (
      <li>
        <Key name={name} />
        <Scalar value={value} />
      </li>
    );
  }
  if (count === 0) {
    return (
      <li>
        <Key name={name} />
        <span className={styles.empty}>{Array.isArray(value) ? '[]' : '{}'}</span>
      </li>
    );
  }
  const entries = open ? childEntries(value, 0, shown) : [];
  const hidden = count - entries.length;
  return (
    <li>
      <button
        type="button"
        className={styles.toggle}
        data-testid="json-toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> <Key name={name} />
        <span className={styles.summary}>{containerSummary(value)}</span>
      </button>
      {open && (
        <ul>
          {entries.map(([key, child]) => (
            <Node key={key} name={key} value={child} openDepth={openDepth - 1} />
          ))}
          {hidden > 0 && (
            <li>
              <button
                type="button"
                className={controls.link}
                onClick={() => setShown(shown + JSON_PAGE_SIZE)}
              >
                Show {formatCount(Math.min(JSON_PAGE_SIZE, hidden))} more ({formatCount(hidden)} hidden)
              </button>
            </li>
          )}
        </ul>
      )}
    </li>
  );
}

/**
 * A collapsible JSON tree: keys and strings drawn as text, containers opened one level at a time and
 * paged 100 children at a time, long strings cut. Opens by itself only as far as stays small, and says
 * how big the value is, so a 10,000-node or 10,000-level value keeps the page responsive.
 */
export function JsonTree({ value, label }: JsonTreeProps) {
  const [generation, setGeneration] = useState(0);
  const [openDepth, setOpenDepth] = useState<number | null>(null);
  const size = useMemo(() => treeSize(value, NODE_CAP), [value]);
  const initial = useMemo(() => autoExpandDepth(value), [value]);
  const expanded = useMemo(() => expandDepth(value, EXPAND_NODES, EXPAND_LEVELS), [value]);
  const depth = openDepth ?? initial;
  const expandable = jsonKind(value) === 'object' || jsonKind(value) === 'array';
  return (
    <div className={styles.tree}>
      {expandable && (
        <div className={styles.bar}>
          <span className={textStyles.note} data-testid="json-size">
            {size.nodes >= NODE_CAP ? `over ${formatCount(NODE_CAP)}` : formatCount(size.nodes)} nodes,
            nesting depth {formatCount(size.depth)}. Closed levels and pages of 100 are drawn only when
            opened.
          </span>
          <button
            type="button"
            onClick={() => {
              setOpenDepth(expanded);
              setGeneration(generation + 1);
            }}
          >
            Expand {expanded} {expanded === 1 ? 'level' : 'levels'}
          </button>
          <button
            type="button"
            onClick={() => {
              setOpenDepth(1);
              setGeneration(generation + 1);
            }}
          >
            Collapse
          </button>
        </div>
      )}
      <ul className={styles.root} data-testid="json-root" aria-label={label} key={generation}>
        <Node name={null} value={value} openDepth={depth} />
      </ul>
    </div>
  );
}
