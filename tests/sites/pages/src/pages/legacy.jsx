import Layout from '@theme/Layout';
import React from 'react';

/** A page written the Docusaurus 1 way: a class that reads the site's config from its `config` prop. */
export default class Legacy extends React.Component {
  render() {
    const { config } = this.props;
    return (
      <Layout title="Legacy">
        <h1>{config.title}</h1>
        <p>{config.tagline}</p>
        <img src={`${config.baseUrl}img/mark.svg`} alt="mark" />
      </Layout>
    );
  }
}
