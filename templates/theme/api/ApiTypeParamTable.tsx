import { ApiLabel } from './ApiLabel.js';
import { ApiTypeCode } from './ApiTypeCode.js';
import type { TypeParamView } from '../../shared/api-view-types.js';

/** Type parameters: name, constraint, default, description. */
export function ApiTypeParamTable({ params }: { params: readonly TypeParamView[] }) {
  if (!params.length) return null;
  return (
    <div className="api-type-params">
      <ApiLabel>Type parameters</ApiLabel>
      <div className="table-wrap">
        <table className="api-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Constraint</th>
              <th>Description</th>
            </tr>
          </thead>
          <tbody>
            {params.map((p) => (
              <tr key={p.name}>
                <td>
                  <code className="api-name">{p.name}</code>
                </td>
                <td>
                  {p.constraint ? <ApiTypeCode tokens={p.constraint} /> : null}
                  {p.defaultType ? (
                    <span className="api-default">
                      {' '}
                      = <ApiTypeCode tokens={p.defaultType} />
                    </span>
                  ) : null}
                </td>
                <td dangerouslySetInnerHTML={{ __html: p.descriptionHtml }} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
