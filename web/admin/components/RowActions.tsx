import type { ReactNode } from 'react';
import { AdminIcon, type AdminIconName } from './AdminIcon.tsx';

/** A table row's last cell: its edit, delete or toggle buttons side by side. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <td className="admin-col-actions">
      <div className="admin-row-actions">{children}</div>
    </td>
  );
}

export interface IconActionProps {
  icon: AdminIconName;
  /** What a screen reader says: 'Edit Gold Ring'. */
  label: string;
  /** The tooltip: 'Edit', 'Delete'. */
  title: string;
  onClick: () => void;
  /** A modifier: 'admin-icon-btn--danger', 'admin-icon-btn--on'. */
  tone?: string;
  size?: number;
}

/** A row's icon button. */
export function IconAction({ icon, label, title, onClick, tone, size }: IconActionProps) {
  return (
    <button type="button" className={tone ? `admin-icon-btn ${tone}` : 'admin-icon-btn'} onClick={onClick} aria-label={label} title={title}>
      <AdminIcon name={icon} size={size} />
    </button>
  );
}

/** The row's Edit (pencil) button. */
export function EditAction({ label, onClick }: { label: string; onClick: () => void }) {
  return <IconAction icon="edit" label={label} title="Edit" onClick={onClick} />;
}

/** The row's Delete (bin, in red) button. */
export function DeleteAction({ label, onClick }: { label: string; onClick: () => void }) {
  return <IconAction icon="trash" tone="admin-icon-btn--danger" label={label} title="Delete" onClick={onClick} />;
}
