// `npm run bench -- <name> --before <ref>` (or BENCH_BEFORE_REF=<ref>): the same benchmark on an
// earlier commit in the same run. The ref is checked out into a temporary detached worktree (sharing
// this checkout's node_modules and .tools, and given this checkout's scripts/bench, so one benchmark
// code measures both services); its benchmark and this checkout's run as child processes,
// alternating for BENCH_BEFORE_ROUNDS rounds; their outputs are echoed, then the lines both print
// with their figures (medians over the rounds) side by side ("before → after"). The worktree is
// removed afterwards.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../tools.ts';

const NUMBER = /-?\d+(?:\.\d+)?/g;

function git(args: string[]): string {
  const result = spawnSync('git', ['-C', projectRoot, ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

/** Runs `node <root>/scripts/bench/index.ts <name>`, echoing and collecting its output. */
function runBenchmark(root: string, name: string, label: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env };
    delete env.BENCH_BEFORE_REF;
    const child = spawn(process.execPath, [join(root, 'scripts', 'bench', 'index.ts'), name], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: string[] = [];
    let partial = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const text = partial + chunk.toString('utf8');
      const parts = text.split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        console.log(`[${label}] ${line}`);
      }
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (partial) lines.push(partial);
      if (code === 0) resolve(lines);
      else reject(new Error(`the ${label} benchmark exited with ${code}`));
    });
  });
}

/** A trailing "(goal …)": the goal the current code states, not a figure to compare. */
const GOAL = /\s*\(goal [^)]*\)\s*$/;
const withoutGoal = (line: string) => line.replace(GOAL, '');
/** A line's shape: its text without its goal, every number as '#'. */
const shape = (line: string) => withoutGoal(line).replace(NUMBER, '#');

/**
 * The after lines, each whose shape a before line shares with its numbers as "before → after"
 * (equal numbers once; a trailing goal is the after line's); lines only one side printed are left out.
 */
export function sideBySide(before: string[], after: string[]): string[] {
  const unused = [...before];
  const merged: string[] = [];
  for (const line of after) {
    const at = unused.findIndex((b) => shape(b) === shape(line));
    if (at < 0) continue;
    const old = withoutGoal(unused.splice(at, 1)[0]).match(NUMBER) ?? [];
    let i = 0;
    const figures = withoutGoal(line).replace(NUMBER, (now) => {
      const was = old[i++];
      return was === undefined || was === now ? now : `${was} → ${now}`;
    });
    merged.push(figures + (line.match(GOAL)?.[0] ?? ''));
  }
  return merged;
}

/**
 * One side's lines over its rounds: the first round's lines, each number the median of that number
 * in the rounds' lines of the same shape (the k-th line of a shape pairs with the k-th).
 */
export function medianLines(rounds: string[][]): string[] {
  const [first, ...rest] = rounds;
  if (!first) return [];
  const seen = new Map<string, number>();
  return first.map((line) => {
    const key = shape(line);
    const k = seen.get(key) ?? 0;
    seen.set(key, k + 1);
    const others = rest
      .map((round) => round.filter((l) => shape(l) === key)[k])
      .filter((l): l is string => l !== undefined);
    if (!others.length) return line;
    const numbers = [line, ...others].map((l) => withoutGoal(l).match(NUMBER) ?? []);
    let i = 0;
    const figures = withoutGoal(line).replace(NUMBER, (value) => {
      const at = i++;
      const values = numbers
        .map((n) => Number(n[at]))
        .filter((v) => Number.isFinite(v))
        .sort((a, b) => a - b);
      const mid = Math.floor(values.length / 2);
      const median = values.length % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
      return value.includes('.') ? median.toFixed(value.split('.')[1].length) : String(Math.round(median));
    });
    return figures + (line.match(GOAL)?.[0] ?? '');
  });
}

/**
 * Runs benchmark `name` on `ref` (in a temporary worktree) and on this checkout, alternating
 * (before, after) for BENCH_BEFORE_ROUNDS rounds (default 1) so that a machine that gets busier
 * weighs on both alike, and prints the medians of both side by side.
 */
export async function runBeforeAndAfter(name: string, ref: string): Promise<void> {
  const commit = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  const rounds = Math.max(1, Math.floor(Number(process.env.BENCH_BEFORE_ROUNDS) || 1));
  const dir = mkdtempSync(join(tmpdir(), 'ows-bench-before-'));
  rmSync(dir, { recursive: true });
  git(['worktree', 'add', '--detach', dir, commit]);
  try {
    for (const shared of ['node_modules', '.tools']) {
      if (existsSync(join(projectRoot, shared))) symlinkSync(join(projectRoot, shared), join(dir, shared));
    }
    // The same benchmark code measures both sides (this checkout's scripts/bench over the ref's): only the service differs.
    cpSync(join(projectRoot, 'scripts', 'bench'), join(dir, 'scripts', 'bench'), { recursive: true });
    const head = git(['rev-parse', '--short', 'HEAD']);
    console.log(
      `before: ${ref} (${commit.slice(0, 9)}); after: this checkout (${head}${git(['status', '--porcelain']) ? ', with uncommitted changes' : ''}); ${rounds} round(s)`,
    );
    const before: string[][] = [];
    const after: string[][] = [];
    for (let round = 1; round <= rounds; round++) {
      before.push(await runBenchmark(dir, name, `before ${round}`));
      after.push(await runBenchmark(projectRoot, name, `after ${round}`));
    }
    console.log(`\n${name}: before (${ref}) → after${rounds > 1 ? `, medians of ${rounds} rounds` : ''}`);
    for (const line of sideBySide(medianLines(before), medianLines(after))) console.log(line);
  } finally {
    git(['worktree', 'remove', '--force', dir]);
  }
}
