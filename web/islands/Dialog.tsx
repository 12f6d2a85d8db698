import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Icon } from '../components/Icon.tsx';
import './common.css';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra class on the dialog (e.g. a wider one for a form). */
  className?: string;
  /** The element to focus when the dialog opens; else the first field or button. */
  initialFocus?: React.RefObject<HTMLElement | null>;
}

/**
 * A modal dialog on the native <dialog>: showModal() makes the page behind it
 * inert and keeps the focus inside, Escape closes it, and the focus returns to
 * whatever opened it.
 */
export function Dialog({ open, title, onClose, children, className, initialFocus }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
      document.body.style.overflow = 'hidden';
      const target = initialFocus?.current ?? dialog.querySelector<HTMLElement>('[data-autofocus], input, textarea, select, .dialog__body button');
      target?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, initialFocus]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const closed = () => {
      document.body.style.overflow = '';
      opener.current?.focus();
      onClose();
    };
    const cancel = (event: Event) => {
      event.preventDefault();
      onClose();
    };
    dialog.addEventListener('close', closed);
    dialog.addEventListener('cancel', cancel);
    return () => {
      dialog.removeEventListener('close', closed);
      dialog.removeEventListener('cancel', cancel);
    };
  }, [onClose]);

  return (
    <dialog
      ref={ref}
      className={`dialog ${className ?? ''}`}
      aria-labelledby={titleId}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="dialog__box">
        <div className="dialog__head">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="icon-btn dialog__close" aria-label="Close" onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
        <div className="dialog__body">{children}</div>
      </div>
    </dialog>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** A destructive action gets the error colour. */
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question before an action that cannot be undone (log out, delete account, cancel an order). */
export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel = 'Cancel', danger, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open={open} title={title} onClose={busy ? () => undefined : onCancel} initialFocus={cancelRef}>
      <div className="dialog__message">{message}</div>
      <div className="dialog__actions">
        <button type="button" ref={cancelRef} className="btn btn--ghost" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button type="button" className={`btn ${danger ? 'btn--danger' : ''}`} onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
