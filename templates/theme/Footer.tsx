import { ExternalIcon } from './Icons.js';
import type { SiteData } from '../shared/site-data.js';

export function Footer({ site }: { site: SiteData }) {
  const { footer } = site;
  // Nothing to show: no footer at all (not an empty dark band).
  if (!footer.links.length && !footer.copyright) return null;
  return (
    <footer className={`footer footer-${footer.style}`}>
      <div className="footer-inner">
        {footer.links.length ? (
          <div className="footer-columns">
            {footer.links.map((column) => (
              <div key={column.title} className="footer-column">
                <h2 className="footer-title">{column.title}</h2>
                <ul>
                  {column.items.map((item) => (
                    <li key={item.label}>
                      <a href={item.href} {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                        {item.label}
                        {item.external ? <ExternalIcon /> : null}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        ) : null}
        {footer.copyright ? (
          <p className="footer-copyright" dangerouslySetInnerHTML={{ __html: footer.copyright }} />
        ) : null}
      </div>
    </footer>
  );
}
