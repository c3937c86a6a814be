// The seed every sandbox directory is generated from.

export const DIRECTORY_SEED = 20261122;
/** Changes whenever the generator's output changes, so loaded databases are reloaded. */
export const DIRECTORY_SEED_VERSION = `sandbox-1:${DIRECTORY_SEED}`;
