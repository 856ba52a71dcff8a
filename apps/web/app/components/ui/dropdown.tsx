import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A disclosure menu in Bootstrap's dropdown style on `<details>`/`<summary>`, so it opens without script. Where
 * script runs, Escape, a click outside or choosing an item closes it and focus returns to the summary.
 */
export function Dropdown(props: {
  /** The visible label; its text is the summary's accessible name, so say what the menu is inside it. */
  label: ReactNode;
  summaryClassName?: string;
  align?: 'start' | 'end';
  children: (close: () => void) => ReactNode;
  testId?: string;
}) {
  const detailsRef = useRef<HTMLDetailsElement>(null);

  const close = () => {
    const details = detailsRef.current;
    if (!details) return;
    details.open = false;
    details.querySelector('summary')?.focus();
  };

  useEffect(() => {
    const details = detailsRef.current;
    if (!details) return;
    const onPointer = (event: MouseEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return;
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  return (
    <details className="dropdown" ref={detailsRef} data-testid={props.testId}>
      <summary className={props.summaryClassName ?? 'btn btn-link nav-link dropdown-toggle'}>{props.label}</summary>
      <div className={`dropdown-menu${props.align === 'end' ? ' dropdown-menu-end' : ''}`}>{props.children(close)}</div>
    </details>
  );
}
