import type { IndexGroupView } from '../../shared/api-view-types.js';

/** The API index: every entity grouped by kind, with its one-line summary. */
export function ApiIndexPage({
  packageName,
  version,
  groups,
}: {
  packageName: string;
  version: string;
  groups: readonly IndexGroupView[];
}) {
  return (
    <div className="api-page api-page--index">
      <p className="api-intro">
        Reference of every export of <code>{packageName}</code> {version}, generated from its TypeScript sources.
      </p>
      {groups.map((group) => (
        <section key={group.id} className="api-section">
          <h2 id={group.id}>{group.title}</h2>
          <div className="table-wrap">
            <table className="api-table api-index-table">
              <tbody>
                {group.items.map((item) => (
                  <tr key={item.name}>
                    <td>
                      <a href={item.href} className={item.deprecated ? 'api-deprecated' : undefined}>
                        <code>{item.name}</code>
                      </a>
                    </td>
                    <td>{item.summary ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </div>
  );
}
