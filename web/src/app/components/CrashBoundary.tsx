import { Component, type ErrorInfo, type ReactNode } from 'react';
import { browser } from '../../lib/browser';

/**
 * A render error anywhere shows the 500 page (spec §8: /#/500) instead of a blank screen. The
 * message is kept out of the page; it goes to the console for the developer.
 */
export class CrashBoundary extends Component<{ children: ReactNode }, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError(): { crashed: boolean } {
    return { crashed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('render failed', error, info.componentStack);
    browser.hardNavigate('/#/500');
  }

  override render(): ReactNode {
    return this.state.crashed ? null : this.props.children;
  }
}
