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

/**
 * Specifications and Description tabs (§2) as ARIA tabs markup, first tab
 * open. Switching is done by web/lib/tabs.ts (one delegated listener), so the
 * tabs need no island on a pre-rendered page.
 */
export function ProductTabs({
  specifications,
  description,
  carats = [],
}: {
  specifications: string;
  description: string;
  /** Carat rows: their net metal weight is listed under the specifications. */
  carats?: ReadonlyArray<{ pc_id: number; carat: { name: string }; net_weight_g: number | null }>;
}) {
  const weighed = carats.filter((c) => c.net_weight_g !== null);
  const tabs = [
    {
      id: 'specifications',
      label: 'Specifications',
      body: (
        <>
          <SpecificationText text={specifications} />
          {weighed.length ? (
            <table className="spec-table" data-net-weights="">
              <tbody>
                {weighed.map((c) => (
                  <tr key={c.pc_id}>
                    <th scope="row">Net gold weight ({c.carat.name})</th>
                    <td>{c.net_weight_g} g</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </>
      ),
    },
    {
      id: 'description',
      label: 'Description',
      body: description
        .split(/\r?\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p, i) => <p key={i}>{p}</p>),
    },
  ];
  return (
    <div className="tabs" data-tabs="">
      <div className="tabs__list" role="tablist" aria-label="Product information">
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={i === 0}
            aria-controls={`panel-${tab.id}`}
            tabIndex={i === 0 ? 0 : -1}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div key={tab.id} role="tabpanel" id={`panel-${tab.id}`} aria-labelledby={`tab-${tab.id}`} hidden={i !== 0} className="tabs__panel" tabIndex={0}>
          {tab.body}
        </div>
      ))}
    </div>
  );
}
