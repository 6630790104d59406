import { Component, type ReactNode } from 'react';
import { useLocation } from '@/lib/navigation';
import { RouteErrorBoundary } from './route-error-boundary';

interface BoundaryProps {
  children: ReactNode;
  /** A new value (the next route) clears a shown error. */
  resetKey: string;
}

class Boundary extends Component<BoundaryProps, { error: unknown; resetKey: string }> {
  state = { error: undefined as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { error: undefined, resetKey: props.resetKey };
  }

  render() {
    return this.state.error === undefined ? this.props.children : <RouteErrorBoundary />;
  }
}

/** Shows "Something went wrong" instead of a page that failed to render; the next route clears it. */
export function RouteErrors({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
