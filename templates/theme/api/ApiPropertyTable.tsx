import { ApiBadges } from './ApiBadges.js';
import { ApiTypeCode } from './ApiTypeCode.js';
import { getPropertyCellHtml } from './property-cell.js';
import type { PropertyRowView } from '../../shared/api-view-types.js';

/** The members of an object type as a table; each row answers to its member anchor. */
export function ApiPropertyTable({ rows }: { rows: readonly PropertyRowView[] }) {
  return (
    <div className="table-wrap">
      <table className="api-table">
        <thead>
          <tr>
            <th>Property</th>
            <th>Type</th>
            <th>Description</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} id={row.id}>
              <td>
                {row.exactId ? <span id={row.exactId} /> : null}
                <code className="api-name">{row.name}</code>
                {row.optional ? <span className="badge badge--flag">optional</span> : null}
                <ApiBadges badges={row.badges} />
              </td>
              <td>
                <ApiTypeCode tokens={row.type} />
              </td>
              <td dangerouslySetInnerHTML={{ __html: getPropertyCellHtml(row.doc) }} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
