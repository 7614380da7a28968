/** An admonition with the same markup as the guides' `:::note` blocks. */
export function ApiAdmonition({
  type,
  title,
  html,
}: {
  type: 'note' | 'warning' | 'tip';
  title: string;
  html: string;
}) {
  return (
    <div className={`admonition admonition-${type}`}>
      <p className="admonition-title">{title}</p>
      <div className="admonition-content" dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
