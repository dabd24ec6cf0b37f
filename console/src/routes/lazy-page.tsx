import { type ComponentType, lazy, Suspense } from 'react';
import { Spinner } from '../components/card';

/** A route-level code-split page with the spinner while its chunk loads. */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Page = lazy(load);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per route at module level, never during render
  return function LazyPage(props: P) {
    return (
      <Suspense fallback={<Spinner size={48} />}>
        <Page {...props} />
      </Suspense>
    );
  };
}
