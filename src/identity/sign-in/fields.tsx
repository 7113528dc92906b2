import { useId, useState, type ReactNode, type Ref } from 'react';

/** Icons of @mui/icons-material (their SVG paths), drawn without MUI. */
export const ICON_PATHS = {
  visibility: 'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3',
  visibilityOff:
    'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z',
  key: 'M21 10h-8.35C11.83 7.67 9.61 6 7 6c-3.31 0-6 2.69-6 6s2.69 6 6 6c2.61 0 4.83-1.67 5.65-4H13l2 2 2-2 2 2 4-4.04zM7 15c-1.65 0-3-1.35-3-3s1.35-3 3-3 3 1.35 3 3-1.35 3-3 3',
  errorOutline: 'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8',
  arrowDropDown: 'M7 10l5 5 5-5z',
} as const;

export function Icon({ path, className = '' }: { path: keyof typeof ICON_PATHS; className?: string }) {
  return (
    <svg className={`si-icon ${className}`} focusable="false" aria-hidden="true" viewBox="0 0 24 24">
      <path d={ICON_PATHS[path]} />
    </svg>
  );
}

/** MUI's indeterminate CircularProgress. */
export function Spinner({ label }: { label?: string }) {
  return (
    <span className="si-spinner" role="progressbar" aria-label={label}>
      <svg viewBox="22 22 44 44" width="100%" height="100%">
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  );
}

interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  endAdornment?: ReactNode;
  extra?: Record<string, string | number | boolean>;
}

/** An outlined text field with a floating label (MUI's look: sign-in.css). */
export function TextField({ label, name, value, onChange, testId, type, autoComplete, autoFocus, inputRef, endAdornment, extra }: TextFieldProps) {
  const id = useId();
  return (
    <div className="si-field">
      <label className="si-label" htmlFor={id}>
        {label}
      </label>
      <div className={`si-input-root${endAdornment ? ' si-adorned' : ''}`}>
        <input
          id={id}
          className="si-input"
          name={name}
          type={type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          ref={inputRef}
          placeholder=" "
          data-testid={testId}
          {...extra}
        />
        {endAdornment}
        <fieldset aria-hidden="true" className="si-outline">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
    </div>
  );
}

/** A password field with a show/hide toggle (as renderers/inputs/PasswordField.tsx). */
export function PasswordInput(props: Omit<TextFieldProps, 'type' | 'endAdornment'> & { showLabel: string; hideLabel: string }) {
  const [shown, setShown] = useState(false);
  const { showLabel, hideLabel, ...field } = props;
  const toggleLabel = shown ? hideLabel : showLabel;
  return (
    <TextField
      {...field}
      type={shown ? 'text' : 'password'}
      extra={{ maxLength: 1024 }}
      endAdornment={
        <button type="button" className="si-icon-button" aria-label={toggleLabel} title={toggleLabel} onClick={() => setShown((value) => !value)}>
          <Icon path={shown ? 'visibilityOff' : 'visibility'} />
        </button>
      }
    />
  );
}
