import { EXPOSURE_MODES, type ExposureMode } from 'browser-agent-tools';

export interface ModeSelectProps {
  value: ExposureMode;
  label: string;
  onChange: (mode: ExposureMode) => void;
  id?: string;
}

/** A select of the five exposure modes. */
export function ModeSelect({ value, label, onChange, id }: ModeSelectProps) {
  return (
    <select
      id={id}
      aria-label={label}
      value={value}
      onChange={(event) => {
        const mode = EXPOSURE_MODES.find((candidate) => candidate === event.target.value);
        if (mode) onChange(mode);
      }}
    >
      {EXPOSURE_MODES.map((mode) => (
        <option key={mode} value={mode}>
          {mode}
        </option>
      ))}
    </select>
  );
}
