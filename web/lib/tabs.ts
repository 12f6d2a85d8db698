/**
 * ARIA tabs behaviour for every `[data-tabs]` block, present or rendered later
 * by an island: click to select, Left/Right/Home/End to move between tabs.
 */
export function initTabs(): void {
  const select = (tab: HTMLElement, focus: boolean) => {
    const root = tab.closest<HTMLElement>('[data-tabs]');
    if (!root) return;
    for (const other of root.querySelectorAll<HTMLElement>('[role="tab"]')) {
      const selected = other === tab;
      other.setAttribute('aria-selected', String(selected));
      other.tabIndex = selected ? 0 : -1;
      const panel = document.getElementById(other.getAttribute('aria-controls') ?? '');
      if (panel) panel.hidden = !selected;
    }
    if (focus) tab.focus();
  };
  document.addEventListener('click', (event) => {
    const tab = (event.target as HTMLElement).closest<HTMLElement>('[data-tabs] [role="tab"]');
    if (tab) select(tab, false);
  });
  document.addEventListener('keydown', (event) => {
    const tab = (event.target as HTMLElement).closest<HTMLElement>('[data-tabs] [role="tab"]');
    if (!tab) return;
    const tabs = [...(tab.parentElement?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const i = tabs.indexOf(tab);
    const next =
      event.key === 'ArrowRight' ? tabs[(i + 1) % tabs.length] : event.key === 'ArrowLeft' ? tabs[(i - 1 + tabs.length) % tabs.length] : event.key === 'Home' ? tabs[0] : event.key === 'End' ? tabs[tabs.length - 1] : null;
    if (next) {
      event.preventDefault();
      select(next, true);
    }
  });
}
