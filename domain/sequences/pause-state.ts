// The pause of a run as the API hands it to the run's workflow (the pauseState Update). A pure
// module: the sequence workflow imports it.
/**
 * A run's pause as its row holds it at `revision`: the API writes a pause or resume in the row and
 * then tells the workflow this (the pauseState Update); the workflow keeps the newest revision's.
 */
export interface PauseState {
  /** The row's revision (db/entities/sequence.entity.ts): counted up by every write of the row. */
  revision: number;
  paused: boolean;
  /** ISO time the pause ends by itself; null: until resumed (or not paused). */
  pausedUntil: string | null;
}
