import { type ReactNode, useId } from 'react';
import { placeholder } from '../../state/composer-store.ts';
import {
  asFieldSchema,
  type FieldSchema,
  type FormPath,
  fieldKind,
  parseArgumentsObject,
  removeAt,
  setAtPath,
} from '../../state/schema-form.ts';
import { isRunKey } from '../EditorToolbar/EditorToolbar.tsx';
import controls from '../shared/controls.module.css';
import textStyles from '../shared/text.module.css';
import styles from './ArgumentsForm.module.css';

export interface ArgumentsFormProps {
  /** The arguments as JSON text: the same draft the JSON view edits. */
  value: string;
  schema: object;
  toolName: string;
  onChange(value: string): void;
  /** Ctrl/Cmd+Enter in any field runs the call. */
  onRun(): void;
}

/** Props of one control: its schema, value, where it sits, and how to replace its value. */
interface FieldProps {
  name: string;
  schema: FieldSchema;
  value: unknown;
  path: FormPath;
  required: boolean;
  update(path: FormPath, next: unknown): void;
}

/** The label of a control: its name, marked when required, and its description as help. */
function FieldLabel({
  id,
  name,
  required,
  help,
}: {
  id: string;
  name: string;
  required: boolean;
  help?: string;
}) {
  return (
    <>
      <label htmlFor={id} className={styles.label}>
        {name}
        {required && (
          <span className={styles.required} aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {help && (
        <small id={`${id}-help`} className={textStyles.note}>
          {help}
        </small>
      )}
    </>
  );
}

/** Text typed into a control of a schema the form does not model: JSON when it parses, else a string. */
const looseValue = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** A control for a string, number, boolean, enum or unmodelled value. */
function ScalarField({ name, schema, value, path, required, update }: FieldProps) {
  const id = useId();
  const kind = fieldKind(schema);
  const common = {
    id,
    'aria-required': required,
    'aria-describedby': schema.description ? `${id}-help` : undefined,
  };
  const clear = (empty: boolean, next: unknown) => update(path, empty && !required ? undefined : next);
  let control: ReactNode;
  if (kind === 'enum') {
    const options = schema.enum ?? [];
    const index = options.indexOf(value);
    control = (
      <select
        {...common}
        value={index}
        onChange={(event) => clear(event.target.value === '-1', options[Number(event.target.value)])}
      >
        <option value={-1}>{required ? 'choose…' : '(not set)'}</option>
        {options.map((option, position) => (
          <option key={String(option)} value={position}>
            {String(option)}
          </option>
        ))}
      </select>
    );
  } else if (kind === 'boolean') {
    control = (
      <input
        {...common}
        type="checkbox"
        checked={value === true}
        onChange={(event) => update(path, event.target.checked)}
      />
    );
  } else if (kind === 'number') {
    control = (
      <input
        {...common}
        type="number"
        className={controls.narrow}
        value={typeof value === 'number' ? value : ''}
        onChange={(event) => clear(event.target.value === '', Number(event.target.value))}
      />
    );
  } else {
    const text =
      kind === 'string' && typeof value === 'string'
        ? value
        : value === undefined
          ? ''
          : JSON.stringify(value);
    control = (
      <textarea
        {...common}
        className={controls.codeInput}
        rows={Math.min(6, text.split('\n').length)}
        spellCheck={false}
        value={text}
        onChange={(event) =>
          clear(
            event.target.value === '',
            kind === 'string' ? event.target.value : looseValue(event.target.value),
          )
        }
      />
    );
  }
  return (
    <div className={styles.field} data-field={path.join('.')}>
      <FieldLabel id={id} name={name} required={required} help={schema.description} />
      {control}
    </div>
  );
}

/** An array: one control per item, each removable, and a button that adds one. */
function ArrayField({ name, schema, value, path, required, update }: FieldProps) {
  const items = Array.isArray(value) ? value : [];
  const itemSchema = asFieldSchema(schema.items);
  return (
    <fieldset className={styles.group} data-field={path.join('.')}>
      <legend>
        {name}
        {required && (
          <span className={styles.required} aria-hidden="true">
            {' '}
            *
          </span>
        )}{' '}
        <span className={textStyles.muted}>list</span>
      </legend>
      {schema.description && <small className={textStyles.note}>{schema.description}</small>}
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: items have no identity but their position
        <div key={index} className={styles.item}>
          <Field
            name={`${name}[${index}]`}
            schema={itemSchema}
            value={item}
            path={[...path, index]}
            required={true}
            update={update}
          />
          <button
            type="button"
            className={controls.small}
            onClick={() => update(path, removeAt(items, index))}
          >
            Remove {name}[{index}]
          </button>
        </div>
      ))}
      <button
        type="button"
        className={controls.small}
        onClick={() => update(path, [...items, placeholder(itemSchema)])}
      >
        Add to {name}
      </button>
    </fieldset>
  );
}

/** The properties of an object schema, each with its control. */
function ObjectFields({ schema, value, path, update }: Omit<FieldProps, 'name' | 'required'>) {
  const record =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return (
    <>
      {Object.entries(schema.properties ?? {}).map(([key, property]) => (
        <Field
          key={key}
          name={key}
          schema={asFieldSchema(property)}
          value={record[key]}
          path={[...path, key]}
          required={required.has(key)}
          update={update}
        />
      ))}
    </>
  );
}

/** The control for `schema`: nested objects as a group of their properties, arrays as lists. */
function Field(props: FieldProps) {
  const kind = fieldKind(props.schema);
  if (kind === 'array') return <ArrayField {...props} />;
  if (kind === 'object' && props.schema.properties) {
    return (
      <fieldset className={styles.group} data-field={props.path.join('.')}>
        <legend>
          {props.name}
          {props.required && (
            <span className={styles.required} aria-hidden="true">
              {' '}
              *
            </span>
          )}
        </legend>
        {props.schema.description && <small className={textStyles.note}>{props.schema.description}</small>}
        <ObjectFields schema={props.schema} value={props.value} path={props.path} update={props.update} />
      </fieldset>
    );
  }
  return <ScalarField {...props} />;
}

/**
 * The arguments as a form built from the tool's schema, editing the same JSON draft as the JSON view:
 * a change in either shows in the other. JSON that is not an object stays as it is (and is sent so).
 */
export function ArgumentsForm({ value, schema, toolName, onChange, onRun }: ArgumentsFormProps) {
  const parsed = parseArgumentsObject(value);
  const root = asFieldSchema(schema);
  return (
    <fieldset
      className={styles.form}
      data-testid="args-form"
      onKeyDown={(event) => {
        if (!isRunKey(event)) return;
        event.preventDefault();
        onRun();
      }}
    >
      <legend>
        Arguments of <code>{toolName}</code> (form; <span className={styles.required}>*</span> required)
      </legend>
      {parsed === null ? (
        <p className={textStyles.note} data-testid="args-form-invalid">
          The JSON below is not an object, so the form cannot show it. Run sends it as it is; fix it below to
          edit it here.
        </p>
      ) : Object.keys(root.properties ?? {}).length === 0 ? (
        <p className={textStyles.note}>{toolName} takes no arguments.</p>
      ) : (
        <ObjectFields
          schema={root}
          value={parsed}
          path={[]}
          update={(path, next) => onChange(JSON.stringify(setAtPath(parsed, path, next) ?? {}, null, 2))}
        />
      )}
    </fieldset>
  );
}
