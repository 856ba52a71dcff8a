import type { ReactNode } from 'react';

/** The ids and attributes that tie a control to its label, help text and error message. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  className: string;
}

/**
 * A labelled form control in Bootstrap's markup with its help text and error message. `children` renders the
 * control itself from the props it must carry.
 */
export function FormField(props: {
  id: string;
  label: ReactNode;
  error?: string;
  help?: ReactNode;
  control?: 'form-control' | 'form-select';
  children: (control: FieldControlProps) => ReactNode;
}) {
  const { id, error, help } = props;
  const describedBy = [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {props.label}
      </label>
      {props.children({
        id,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': error ? true : undefined,
        className: `${props.control ?? 'form-control'}${error ? ' is-invalid' : ''}`,
      })}
      {help ? (
        <div className="form-text" id={`${id}-help`}>
          {help}
        </div>
      ) : null}
      {error ? (
        <div className="invalid-feedback" id={`${id}-error`}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
