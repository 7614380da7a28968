import { ApiLabel } from './ApiLabel.js';
import { ApiTypeCode } from './ApiTypeCode.js';
import type { ParamView } from '../../shared/api-view-types.js';

/** The parameters of a signature: name, type, description, optional/default. */
export function ApiParamTable({ params }: { params: readonly ParamView[] }) {
  if (!params.length) return null;
  return (
    <div className="api-params">
      <ApiLabel>Parameters</ApiLabel>
      <div className="table-wrap">
        <table className="api-table">
          <thead>
            <tr>
              <th>Parameter</th>
              <th>Type</th>
              <th>Description</th>
            </tr>
          </thead>
          <tbody>
            {params.map((p) => (
              <tr key={p.name}>
                <td>
                  <code className="api-name">{p.name}</code>
                  {p.optional ? <span className="badge badge--flag">optional</span> : null}
                </td>
                <td>
                  <ApiTypeCode tokens={p.type} />
                </td>
                <td>
                  <div dangerouslySetInnerHTML={{ __html: p.descriptionHtml }} />
                  {p.defaultValue ? (
                    <p className="api-default">
                      <span className="api-label">Default</span> <code>{p.defaultValue}</code>
                    </p>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
