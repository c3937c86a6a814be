// package-lock.json as `npm ci` (the Dockerfile's install) demands it: the same dependencies as
// package.json, and every optional platform package locked, or npm ci refuses to install.
import assert from 'node:assert/strict';
import { readRepoFile } from './compose-file.ts';

interface LockedPackage {
  version?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const manifest = JSON.parse(readRepoFile('package.json')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const lock = JSON.parse(readRepoFile('package-lock.json')) as {
  lockfileVersion: number;
  packages: Record<string, LockedPackage>;
};

/** Where Node would find `name` from the package at `from`: its own node_modules, then each parent's. */
function resolves(from: string, name: string): boolean {
  let at = from;
  for (;;) {
    if (lock.packages[`${at ? `${at}/` : ''}node_modules/${name}`]) return true;
    if (!at) return false;
    const cut = at.lastIndexOf('/node_modules/');
    at = cut < 0 ? '' : at.slice(0, cut);
  }
}

describe('package-lock.json', () => {
  it('when compared with package.json, then it locks exactly its dependencies and devDependencies', () => {
    const locked = lock.packages[''];
    assert.deepEqual(locked.dependencies ?? {}, manifest.dependencies, 'run npm install --package-lock-only');
    assert.deepEqual(locked.devDependencies ?? {}, manifest.devDependencies, 'run npm install --package-lock-only');
  });

  it('when a locked package has optional (platform) dependencies, then every one of them is locked too', () => {
    const missing: string[] = [];
    for (const [path, pkg] of Object.entries(lock.packages)) {
      for (const name of Object.keys(pkg.optionalDependencies ?? {})) {
        if (!resolves(path, name)) missing.push(`${name} (of ${path || 'the root'})`);
      }
    }
    assert.deepEqual(
      missing,
      [],
      'run npm install --package-lock-only on a machine whose registry has every platform package',
    );
  });
});
