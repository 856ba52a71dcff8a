// The browser build runs on Preact's React compatibility layer (decision 009). React Router asks "react" for
// useOptimistic, which the layer lacks; the router uses it only when transitions are switched on, which this
// app never does, so the plain state is returned.
export * from 'preact/compat';
export { default } from 'preact/compat';

export function useOptimistic<State>(state: State): [State, (update: unknown) => void] {
  return [state, () => {}];
}
