import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n.tsx';

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * An accessible modal dialog: labelled by its title, focus moved inside and kept there, Escape and the backdrop
 * close it (unless `dismissible` is false), focus returns to where it was.
 */
export function Modal(props: {
  id?: string;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  onClose?: () => void;
  /** Where the close button leads when the modal is a page state (a query parameter): it works without script. */
  closeHref?: string;
  size?: 'sm' | 'lg' | 'xl';
  dismissible?: boolean;
  centered?: boolean;
}) {
  const { onClose, dismissible = true } = props;
  const { t } = useI18n();
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();

  // Before paint: a key pressed as soon as the dialog shows already lands inside it (Escape closes it).
  useLayoutEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    const first =
      dialog?.querySelector<HTMLElement>('[data-autofocus]') ?? dialog?.querySelector<HTMLElement>(focusable);
    (first ?? dialog)?.focus();
    document.body.classList.add('modal-open');
    return () => {
      document.body.classList.remove('modal-open');
      previous?.focus?.();
    };
  }, []);

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key === 'Escape' && dismissible && onClose) {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = [...dialogRef.current.querySelectorAll<HTMLElement>(focusable)];
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <>
      <div
        id={props.id}
        className="modal d-block"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        ref={dialogRef}
        onKeyDown={onKeyDown}
        onMouseDown={(event) => {
          if (event.target === event.currentTarget && dismissible && onClose) onClose();
        }}
      >
        <div
          className={`modal-dialog${props.centered === false ? '' : ' modal-dialog-centered'}${props.size ? ` modal-${props.size}` : ''}`}
        >
          <div className="modal-content">
            <div className="modal-header">
              <h2 className="modal-title h5" id={titleId}>
                {props.title}
              </h2>
              {dismissible && props.closeHref !== undefined ? (
                <Link
                  className="btn-close"
                  to={props.closeHref}
                  replace
                  preventScrollReset
                  aria-label={t('common.close')}
                  data-testid="modal-close"
                />
              ) : dismissible && onClose ? (
                <button type="button" className="btn-close" aria-label={t('common.close')} onClick={onClose} />
              ) : null}
            </div>
            <div className="modal-body" id={bodyId}>
              {props.children}
            </div>
            {props.footer ? <div className="modal-footer">{props.footer}</div> : null}
          </div>
        </div>
      </div>
      <div className="modal-backdrop show" />
    </>
  );
}
