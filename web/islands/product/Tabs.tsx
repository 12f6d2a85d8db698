import { useRef, useState } from 'react';

/** A specifications text: "Key: value" lines become a table, other lines paragraphs. */
export function SpecificationText({ text }: { text: string }) {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const pairs = lines.map((line) => /^([^:]{1,40}):\s*(.+)$/.exec(line));
  if (lines.length > 0 && pairs.every(Boolean)) {
    return (
      <table className="spec-table">
        <tbody>
          {pairs.map((m, i) => (
            <tr key={i}>
              <th scope="row">{m![1]}</th>
              <td>{m![2]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <>
      {lines.map((line, i) => (
        <p key={i}>{line}</p>
      ))}
    </>
  );
}

/** Specifications and Description tabs (§2), with the ARIA tabs pattern and arrow keys. */
export function ProductTabs({ specifications, description }: { specifications: string; description: string }) {
  const tabs = [
    { id: 'specifications', label: 'Specifications', body: <SpecificationText text={specifications} /> },
    { id: 'description', label: 'Description', body: description.split(/\r?\n\s*\r?\n|\r?\n/).filter(Boolean).map((p, i) => <p key={i}>{p}</p>) },
  ];
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (i: number) => {
    const next = (i + tabs.length) % tabs.length;
    setActive(next);
    buttons.current[next]?.focus();
  };
  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label="Product information">
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={i === active}
            aria-controls={`panel-${tab.id}`}
            tabIndex={i === active ? 0 : -1}
            onClick={() => setActive(i)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight') select(i + 1);
              if (e.key === 'ArrowLeft') select(i - 1);
            }}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div key={tab.id} role="tabpanel" id={`panel-${tab.id}`} aria-labelledby={`tab-${tab.id}`} hidden={i !== active} className="tabs__panel" tabIndex={0}>
          {tab.body}
        </div>
      ))}
    </div>
  );
}
