import Layout from '@theme/Layout';
import { Card } from '../components/Card';
import styles from './showcase.module.css';

export default function Showcase() {
  return (
    <Layout title="Showcase" description="Sites built with it">
      <main>
        <h1 className={styles.title}>Showcase</h1>
        <Card name="Acme" />
        <a href="/docs/intro">Read the intro</a>
      </main>
    </Layout>
  );
}
