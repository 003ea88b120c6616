import { Component, type ReactNode } from "react";

interface Props {
  /** Rendered instead of the children after an uncaught rendering error. */
  fallback: ReactNode;
  /** A change (the next page) clears the error. */
  resetKey: unknown;
  children: ReactNode;
}

/** Client error boundary: an uncaught rendering error replaces the content with the 500 screen. */
export class ErrorBoundary extends Component<Props, { failedFor: unknown; failed: boolean }> {
  override state = { failed: false, failedFor: undefined as unknown };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; failedFor: unknown }) {
    if (state.failed && state.failedFor !== undefined && state.failedFor !== props.resetKey) {
      return { failed: false, failedFor: undefined };
    }
    return null;
  }

  override componentDidCatch(error: unknown) {
    this.setState({ failedFor: this.props.resetKey });
    console.error("render error:", error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
