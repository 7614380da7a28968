import { Html } from './Html.js';
import { Layout } from './Layout.js';
import { logoWidth } from './logo-width.js';
import type { PageProps } from '../shared/site-data.js';

/** Hero with title, tagline and Get Started, feature cards and a code sample. */
export function HomePage(props: PageProps) {
  const { site } = props;
  return (
    <Html {...props}>
      <Layout {...props}>
        <main className="home">
          <section className="hero">
            <div className="hero-inner">
              {site.navbar.logo ? (
                <img
                  className="hero-logo"
                  src={site.navbar.logo.src}
                  alt=""
                  width={logoWidth(site.navbar.logo, 96)}
                  height="96"
                />
              ) : null}
              <h1 className="hero-title">{site.title}</h1>
              <p className="hero-tagline">{site.tagline}</p>
              <div className="hero-actions">
                <a className="button button-primary" href={site.home.getStartedHref}>
                  Get Started
                </a>
                {site.navbar.items
                  .flatMap((i) => (i.type === undefined && i.external && /github\.com/.test(i.href) ? [i] : []))
                  .slice(0, 1)
                  .map((i) => (
                    <a
                      key={i.href}
                      className="button button-secondary"
                      href={i.href}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      View on GitHub
                    </a>
                  ))}
              </div>
            </div>
          </section>
          {site.home.features.length ? (
            <section className="features" aria-label="Features">
              {site.home.features.map((f) => (
                <div key={f.title} className="feature">
                  <h2 className="feature-title">{f.title}</h2>
                  <p dangerouslySetInnerHTML={{ __html: f.description }} />
                </div>
              ))}
            </section>
          ) : null}
          {site.home.codeSampleHtml ? (
            <section className="home-sample" aria-label="Example">
              <div className="markdown" dangerouslySetInnerHTML={{ __html: site.home.codeSampleHtml }} />
            </section>
          ) : null}
        </main>
      </Layout>
    </Html>
  );
}
