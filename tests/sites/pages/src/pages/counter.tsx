import Layout from '@theme/Layout';
import { useState } from 'react';
import styles from './counter.module.css';

/**
 * A hydrated page (`pages.client` in the config): its counter counts once the page is live. It reads the site's
 * `config` prop, as Docusaurus pages may: the server and the browser must give it the same one.
 */
export default function Counter({ config }: { config: { title: string } }) {
  const [count, setCount] = useState(0);
  return (
    <Layout title="Counter" description="A page that hydrates">
      <main className={styles.page}>
        <h1>Counter</h1>
        <p>Counting for {config.title}</p>
        <button type="button" className={`button button--primary ${styles.button}`} onClick={() => setCount(count + 1)}>
          Clicked {count} times
        </button>
      </main>
    </Layout>
  );
}
