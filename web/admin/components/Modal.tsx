import { type FormEvent, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from '../../components/Icon.tsx';

export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom (Cancel, Save). */
  footer?: ReactNode;
  size?: 'small' | 'medium' | 'large';
  /** While a request runs the dialog stays open (Escape and the backdrop do nothing). */
  busy?: boolean;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The dialogs open now, innermost last: only the innermost answers Escape and Tab. */
const openDialogs: Array<RefObject<HTMLDivElement | null>> = [];

/** Keeps Tab inside the dialog: from the last control to the first and back, and into it from outside. */
function trapTab(event: KeyboardEvent, panel: HTMLElement): void {
  const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  if (items.length === 0) {
    event.preventDefault();
    panel.focus();
    return;
  }
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  const inside = active instanceof Node && panel.contains(active);
  if (!inside) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  } else if (event.shiftKey && (active === first || active === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal dialog above the back office: focus moves in and is kept inside
 * (Tab wraps), Escape or the close button closes it, focus returns to what
 * opened it. The page behind is inert. Rendered below the toast layer so a
 * toast about the dialog's request stays readable.
 */
export function Modal({ title, onClose, children, footer, size = 'medium', busy = false }: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const busyRef = useRef(busy);
  busyRef.current = busy;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const shell = document.querySelector<HTMLElement>('[data-admin-shell]');
    shell?.setAttribute('inert', '');
    document.documentElement.classList.add('admin-modal-open');
    openDialogs.push(panel);
    const first = panel.current?.querySelector<HTMLElement>('[data-autofocus]') ?? panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();

    // Keys are watched on the document: focus may have left the dialog when
    // the control it was on went away (a removed thumbnail, a removed row).
    const onKeyDown = (event: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== panel || !panel.current) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        if (!busyRef.current) closeRef.current();
        return;
      }
      if (event.key === 'Tab') trapTab(event, panel.current);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openDialogs.splice(openDialogs.indexOf(panel), 1);
      if (openDialogs.length === 0) {
        shell?.removeAttribute('inert');
        document.documentElement.classList.remove('admin-modal-open');
      }
      opener?.focus?.();
    };
  }, []);

  return createPortal(
    <div
      className="admin-modal"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !busyRef.current) closeRef.current();
      }}
    >
      <div
        ref={panel}
        className={`admin-modal__panel admin-modal__panel--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="admin-modal__head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="admin-icon-btn" onClick={() => !busy && onClose()} aria-label="Close" disabled={busy}>
            <Icon name="close" size={20} />
          </button>
        </header>
        <div className="admin-modal__body">{children}</div>
        {footer && <footer className="admin-modal__foot">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}

export interface FormModalProps {
  title: string;
  /** The form's id: the submit button sits in the footer, outside it. */
  formId: string;
  onSubmit: (event: FormEvent) => void;
  /** The submit button's text: 'Add', 'Update', 'Upload'. */
  submitLabel: string;
  /** Its text while the request runs. */
  busyLabel?: string;
  onClose: () => void;
  busy: boolean;
  size?: ModalProps['size'];
  /** Shown before the buttons while saving (an upload's progress). */
  status?: ReactNode;
  /** The form's fields. */
  children: ReactNode;
  /**
   * The administrator has typed something not saved yet: closing (Cancel, the
   * close button, Escape, the backdrop) first asks whether to discard it, and
   * leaving the page asks the browser's question.
   */
  dirty?: boolean;
}

/** An add/edit form in a dialog, with Cancel and the submit button at the bottom. */
export function FormModal({ title, formId, onSubmit, submitLabel, busyLabel = 'Saving…', onClose, busy, size, status, children, dirty = false }: FormModalProps) {
  const [askingDiscard, setAskingDiscard] = useState(false);
  const close = () => (dirty ? setAskingDiscard(true) : onClose());

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return (
    <Modal
      title={title}
      onClose={close}
      size={size}
      busy={busy}
      footer={
        <>
          {status}
          <button type="button" className="btn btn--ghost btn--small" onClick={close} disabled={busy}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn btn--small" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        {children}
      </form>
      {askingDiscard && (
        <ConfirmDialog
          title="Discard changes?"
          message="You have changes that are not saved. Close the form and lose them?"
          confirmLabel="Discard changes"
          cancelLabel="Keep editing"
          danger
          onConfirm={() => {
            setAskingDiscard(false);
            onClose();
          }}
          onCancel={() => setAskingDiscard(false)}
        />
      )}
    </Modal>
  );
}

export interface ConfirmDialogProps {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  /** A destructive action gets the red button. */
  danger?: boolean;
  /** The button that answers no; 'Cancel' unless said. */
  cancelLabel?: string;
  /** What follows the question (what happens, a field for a note). */
  children?: ReactNode;
}

/** A yes/no question in a dialog (delete, activate, deactivate, an order's status). */
export function ConfirmDialog({ title, message, confirmLabel, onConfirm, onCancel, busy = false, danger = false, cancelLabel = 'Cancel', children }: ConfirmDialogProps) {
  return (
    <Modal
      title={title}
      onClose={onCancel}
      size="small"
      busy={busy}
      footer={
        <>
          <button type="button" className="btn btn--ghost btn--small" onClick={onCancel} disabled={busy} data-autofocus={danger ? true : undefined}>
            {cancelLabel}
          </button>
          <button type="button" className={`btn btn--small${danger ? ' admin-btn--danger' : ''}`} onClick={onConfirm} disabled={busy} data-autofocus={danger ? undefined : true}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <p className="admin-confirm__text">{message}</p>
      {children}
    </Modal>
  );
}
