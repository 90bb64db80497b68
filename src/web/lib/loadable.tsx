import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, loadChunk } from './chunk-load.ts';

/**
 * The message itself is code no page needs until a load fails: it is fetched once the page
 * is idle (`preloadLoadError`, from root.tsx), so it is at hand when the network is gone.
 */
const loadErrorModule = () => import('./load-error.tsx');
const LoadError = lazy(loadErrorModule);
export const preloadLoadError = () => void loadErrorModule().catch(() => undefined);

/**
 * A part of the page whose code loads on first use (modals, panels, sidebars), with §8's
 * load errors: 'An error occured while loading the component.' with Try again and Close;
 * offline, 'Component couldn't be loaded due to lack of network connectivity.' with no
 * retry, and the page reloads when the network is back; files gone after a deploy reload
 * the page once. The code loads once, however often the part mounts.
 */
export function loadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: {
    timeoutMs?: number;
    /** Shown while the code loads; without one, the nearest Suspense around the part shows the wait. */
    fallback?: ReactNode;
    /** In the flow of its container (a modal), rather than floating over the page. */
    inline?: boolean;
    /** What Close does besides hiding the message (a modal or panel closes, so opening it again tries again). */
    onClose?: (props: P) => void;
  } = {},
): ComponentType<P> {
  const make = () => lazy(async () => ({ default: await loadChunk(load, options.timeoutMs ?? CHUNK_TIMEOUT_MS) }));
  let shared = make();
  function Loadable(props: P) {
    const [{ Part, attempt }, setLoad] = useState(() => ({ Part: shared, attempt: 0 }));
    const [closed, setClosed] = useState(false);
    if (closed) return null;
    // a failed import stays failed: Try again starts a new one, for every later mount too
    const retry = () => {
      shared = make();
      setLoad({ Part: shared, attempt: attempt + 1 });
    };
    // the message goes; the next time the part is mounted (a modal or panel opened again) it loads afresh
    const close = () => {
      shared = make();
      setClosed(true);
      options.onClose?.(props);
    };
    return (
      <LoadBoundary key={attempt} inline={options.inline ?? false} onRetry={retry} onClose={close}>
        {/* without a fallback of its own, the nearest Suspense around it shows the wait */}
        {options.fallback === undefined ? (
          <Part {...props} />
        ) : (
          <Suspense fallback={options.fallback}>
            <Part {...props} />
          </Suspense>
        )}
      </LoadBoundary>
    );
  }
  return Loadable;
}

type BoundaryProps = { children: ReactNode; inline: boolean; onRetry(): void; onClose(): void };

/** Catches a part's failed load (anything else goes on to the page's own error boundary). */
class LoadBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!(error instanceof ChunkLoadError)) throw error;
    return (
      <Suspense fallback={null}>
        <LoadError error={error} inline={this.props.inline} onRetry={this.props.onRetry} onClose={this.props.onClose} />
      </Suspense>
    );
  }
}
