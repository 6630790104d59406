import { use, type ComponentType } from 'react';

type Module = { default: ComponentType };

/** A route's page whose module loads on demand; `preload` starts (or joins) that load. */
export type LazyPage = ComponentType & { preload: () => Promise<void> };

/**
 * Like React.lazy, with two differences the prerendered pages need: the module can be loaded
 * before React renders (`preload`, used before hydration and when a link is hovered or visible),
 * and once loaded the page renders at once, without suspending even for a tick.
 */
export function lazyPage(load: () => Promise<Module>): LazyPage {
  let Loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = (): Promise<void> => {
    if (pending) return pending;
    const loading = load().then(
      (module) => {
        Loaded = module.default;
        // Marked the way React marks a promise it has seen settle: `use` then returns at once
        // instead of suspending until a microtask has passed.
        Object.assign(loading, { status: 'fulfilled', value: undefined });
      },
      (error: unknown) => {
        // A failed load (offline) may be retried by the next render or hover.
        pending = undefined;
        throw error;
      },
    );
    pending = loading;
    return loading;
  };
  function Page() {
    // Called on every render (a hook must be), it suspends only while the module is on its way.
    use(preload());
    return Loaded ? <Loaded /> : null;
  }
  return Object.assign(Page, { preload });
}
