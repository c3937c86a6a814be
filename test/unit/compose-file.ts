// docker-compose.yml as the compose tests read it: parsed with the `<<: *anchor` merges Compose
// applies, plus the `${NAME:?message}` / `${NAME:-default}` interpolation Compose does at `up`.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export interface ComposeHealthcheck {
  test?: string | string[];
  disable?: boolean;
  start_period?: string;
}

export interface ComposeService {
  image?: string;
  build?: string | { context?: string };
  command?: string | string[];
  entrypoint?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  ports?: Array<string | number | { target: number; published?: string | number; host_ip?: string }>;
  volumes?: string[];
  restart?: string;
  healthcheck?: ComposeHealthcheck;
  deploy?: { replicas?: number; resources?: { limits?: { cpus?: string | number; memory?: string } } };
  depends_on?: string[] | Record<string, { condition?: string }>;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
}

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const readRepoFile = (file: string) => readFileSync(join(root, file), 'utf8');

export const composeText = readRepoFile('docker-compose.yml');
// `merge: true` resolves the `<<: *anchor` keys the file uses, as Compose does.
export const compose = parse(composeText, { merge: true }) as ComposeFile;

export function service(name: string): ComposeService {
  const found = compose.services[name];
  assert.ok(found, `service ${name} is missing`);
  return found;
}

export function environment(svc: ComposeService): Record<string, string> {
  const env = svc.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => {
        const at = entry.indexOf('=');
        return at < 0 ? [entry, ''] : [entry.slice(0, at), entry.slice(at + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, String(value ?? '')]));
}

/**
 * Compose's interpolation of one value: `${NAME:?message}` fails when NAME is unset or empty,
 * `${NAME:-default}` falls back, `${NAME}` is NAME or empty; `$$` is a literal `$`.
 */
export function interpolate(value: string, vars: Record<string, string | undefined>): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[?-])([^}]*))?\}/g,
    (whole, name: string | undefined, op: string | undefined, arg: string | undefined) => {
      if (whole === '$$') return '$';
      const set = vars[name!];
      if (op === ':?' || op === '?') {
        if (set === undefined || (op === ':?' && set === ''))
          throw new Error(`required variable ${name} is missing: ${arg}`);
        return set;
      }
      if (op === ':-' || op === '-') return set === undefined || (op === ':-' && set === '') ? arg! : set;
      return set ?? '';
    },
  );
}

/** The long-running services: everything but the one-shot jobs (restart "no"). */
export const longRunning = () => Object.entries(compose.services).filter(([, svc]) => svc.restart !== 'no');
