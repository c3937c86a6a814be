// One process of the cluster under our hand: started, stopped in order, or SIGKILLed and started
// again by the fault benchmark. Its output goes to a log file of its own; the last lines are kept
// so a process that dies says why.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { truncateText } from '../../domain/shared/text.ts';
import { stopChild } from '../local-stack.ts';

export interface ManagedProcessOptions {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
  logFile: string;
  /** Called when the process exits without having been asked to (not after stop() or kill()). */
  onUnexpectedExit?: (name: string, code: number | null, signal: string | null, lastLines: string[]) => void;
}

const KEPT_LINES = 20;

export class ManagedProcess {
  readonly name: string;
  private child: ChildProcess | undefined;
  private readonly log: WriteStream;
  private readonly lastLines: string[] = [];
  private expectingExit = false;
  private readonly options: ManagedProcessOptions;

  constructor(options: ManagedProcessOptions) {
    this.options = options;
    this.name = options.name;
    this.log = createWriteStream(options.logFile, { flags: 'a' });
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The last lines it wrote (stdout and stderr). */
  tail(): string[] {
    return [...this.lastLines];
  }

  start(): void {
    if (this.running) return;
    this.expectingExit = false;
    const child = spawn(this.options.command, this.options.args, {
      cwd: this.options.cwd,
      env: { ...process.env, ...this.options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.log.write(chunk);
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.trim()) continue;
        // Temporal logs JSON with stack traces; its message and error say enough here.
        this.lastLines.push(truncateText(line, 400));
        if (this.lastLines.length > KEPT_LINES) this.lastLines.shift();
      }
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('exit', (code, signal) => {
      if (!this.expectingExit) this.options.onUnexpectedExit?.(this.name, code, signal, this.tail());
    });
    this.child = child;
  }

  /** SIGKILL, as a crashed host would; resolves once it is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    this.expectingExit = true;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.kill('SIGKILL');
    await exited;
  }

  /** SIGTERM, then SIGKILL after `graceMs`. */
  async stop(graceMs: number): Promise<void> {
    this.expectingExit = true;
    if (this.child) await stopChild(this.child, graceMs);
  }

  async close(): Promise<void> {
    await new Promise<void>((done) => this.log.end(() => done()));
  }
}
