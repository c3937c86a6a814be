// Helpers of test/api/clients.test.ts: child processes run asynchronously (the stack answers them
// from this same process), and tsc's diagnostics read back.
import { execFile } from 'node:child_process';
import { projectRoot } from '../../scripts/tools.ts';

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `command` to its end, with `input` on its stdin; never throws on a non-zero exit. */
export function run(
  command: string,
  args: string[],
  options: { env?: Record<string, string>; input?: string; cwd?: string } = {},
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      command,
      args,
      {
        cwd: options.cwd ?? projectRoot,
        env: { ...process.env, ...options.env },
        maxBuffer: 16 * 1024 * 1024,
        timeout: 120_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        if (error && code === -1) reject(error);
        else resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end(options.input ?? '');
  });
}

/** The last line of `ran`'s stdout as JSON (what the examples print), failing with everything it said. */
export function lastJsonLine<T>(ran: Ran): T {
  if (ran.code !== 0) throw new Error(`exit ${ran.code}\n${ran.stdout}\n${ran.stderr}`);
  const lines = ran.stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]) as T;
}

export interface Diagnostic {
  file: string;
  line: number;
  message: string;
}

/** tsc's `file(line,col): error TSnnnn: message` lines, parsed; an error of no file has file '' and line 0. */
export function diagnostics(output: string): Diagnostic[] {
  return [...output.matchAll(/^(?:(.+?)\((\d+),\d+\): )?error (TS\d+: .*)$/gm)].map(([, file, line, message]) => ({
    file: file ?? '',
    line: Number(line ?? 0),
    message,
  }));
}
