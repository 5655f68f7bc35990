import { type ComponentType, Suspense, use } from "react";

/**
 * A component that only some states of a page show (a 404, an error): its code stays out of the
 * page's initial JavaScript and loads when it is first rendered in the browser. Unlike
 * `React.lazy`, the server loads it when the module is first evaluated, so server HTML holds it
 * at once (not streamed behind a script, which would leave it hidden without JavaScript), and
 * hydration waits for the code in place of the server's markup.
 */
export interface OnDemandComponent<Props> {
  loaded?: ComponentType<Props>;
  load: () => Promise<ComponentType<Props>>;
}

export function onDemand<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): OnDemandComponent<Props> {
  let pending: Promise<ComponentType<Props>> | undefined;
  const component: OnDemandComponent<Props> = {
    load: () => {
      pending ??= load().then((loaded) => {
        component.loaded = loaded;
        return loaded;
      });
      return pending;
    },
  };
  if (typeof document === "undefined") void component.load();
  return component;
}

/** Renders an `onDemand` component (nothing while its code loads in the browser). */
export function OnDemand<Props extends object>({
  component,
  props,
}: {
  component: OnDemandComponent<Props>;
  props: Props;
}) {
  return (
    <Suspense fallback={null}>
      <Loaded component={component} props={props} />
    </Suspense>
  );
}

function Loaded<Props extends object>({
  component,
  props,
}: {
  component: OnDemandComponent<Props>;
  props: Props;
}) {
  const Component = component.loaded ?? use(component.load());
  return <Component {...props} />;
}
