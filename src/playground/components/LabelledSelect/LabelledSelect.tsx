import { type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import controls from '../shared/controls.module.css';
import textStyles from '../shared/text.module.css';

export interface LabelledSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  /** A note after the select (a count, a token figure). */
  note?: ReactNode;
}

/** A toolbar row: a label, the select it names, and a note after it. */
export function LabelledSelect({ label, note, children, ...select }: LabelledSelectProps) {
  const id = useId();
  return (
    <div className={controls.toolbar}>
      <label htmlFor={id}>{label}</label>
      <select id={id} {...select}>
        {children}
      </select>
      {note !== undefined && <span className={textStyles.note}>{note}</span>}
    </div>
  );
}
