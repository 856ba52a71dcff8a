import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

/**
 * A disclosure menu in Bootstrap's dropdown style: a button toggles a list; Escape, a click outside or
 * choosing an item closes it and focus returns to the button.
 */
export function Dropdown(props: {
  label: ReactNode;
  buttonLabel: string;
  buttonClassName?: string;
  align?: 'start' | 'end';
  children: (close: () => void) => ReactNode;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="dropdown" ref={rootRef} data-testid={props.testId}>
      <button
        ref={buttonRef}
        type="button"
        className={props.buttonClassName ?? 'btn btn-link nav-link dropdown-toggle'}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={props.buttonLabel}
        onClick={() => setOpen((value) => !value)}
      >
        {props.label}
      </button>
      <div
        id={menuId}
        className={`dropdown-menu${props.align === 'end' ? ' dropdown-menu-end' : ''}${open ? ' show' : ''}`}
        hidden={!open}
      >
        {open ? props.children(close) : null}
      </div>
    </div>
  );
}
