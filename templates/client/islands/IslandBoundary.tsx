import { Component, type ReactNode } from 'react';

interface Props {
  /** Renders the island; called again (re-reading its props) by "Try again". */
  render: () => ReactNode;
}

/**
 * Catches a render failure inside one island and shows "This page crashed."
 * with a Try again button that renders the island again; the rest of the
 * page keeps working.
 */
export class IslandBoundary extends Component<Props, { error: Error | null }> {
  state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: unknown) {
    console.error('[docsgen] an interactive part of the page crashed', error);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.render();
    return (
      <div className="island-crash" role="alert">
        <p className="island-crash-title">This page crashed.</p>
        <p className="island-crash-message">{error.message}</p>
        <button type="button" className="button button-secondary" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </div>
    );
  }
}
