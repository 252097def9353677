import { ErrorScreen } from '@vetted/ui/error-screen';
import * as React from 'react';
import { isChunkLoadError, reloadOnce } from '../lib/build-check';

interface Props {
  /** Changing this (e.g. the location) clears a caught error. */
  resetKey?: string;
  children: React.ReactNode;
}

/** Catches render errors and shows the spec §2 error screen with code 500. */
export class ErrorBoundary extends React.Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: React.ErrorInfo) {
    // A page chunk of an outdated build is gone after a deploy: reload once (spec §9 guard).
    if (isChunkLoadError(error) && reloadOnce()) return;
    console.error('Unhandled render error', error, info.componentStack);
  }

  override componentDidUpdate(prev: Props) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    if (this.state.error) return <ErrorScreen code={500} />;
    return this.props.children;
  }
}
