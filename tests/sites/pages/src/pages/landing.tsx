import Layout from '@theme/Layout';
import Mark from '@site/public/img/mark.svg';
export default function Landing() {
  return (
    <Layout title="Landing">
      <header className="hero hero--primary">
        <div className="container">
          <Mark className="hero-mark" role="img" title="Acme" />
          <h1 className="hero__title">Acme Widgets</h1>
          <p className="hero__subtitle">Widgets for every occasion</p>
          <a className="button button--secondary button--lg" href="/docs/intro">
            Get started
          </a>
        </div>
      </header>
      <main>
        <section>
          <div className="container">
            <div className="row">
              <div className="col col--4">
                <h2>Fast</h2>
                <p>One frame.</p>
              </div>
              <div className="col col--4">
                <h2>Small</h2>
                <p>Two kilobytes.</p>
              </div>
              <div className="col col--4">
                <h2>Safe</h2>
                <p>No script.</p>
              </div>
            </div>
          </div>
        </section>
      </main>
    </Layout>
  );
}
