/**
 * True in the production browser build, which runs on Preact's React compatibility layer (decision 009).
 * Preact hydrates the children of <html> and does not hoist <title> into <head> as React 19 does.
 */
export const runsOnPreact = import.meta.env.PROD && !import.meta.env.SSR;
