import { setFlagsFromString } from 'node:v8';

/**
 * Keeps V8's young generation (the semi-spaces new objects are made in) at its starting size for
 * the rest of the process, by setting `--semi-space-growth-factor` to 1.
 *
 * V8 grows the semi-spaces, doubling each time, while many new objects outlive a scavenge, up to
 * a maximum it derives from the machine's memory (64 MB each on a large machine) and never gives
 * the pages back. A round of cycles grows them to that maximum, and the daemon's resident memory
 * with them, although what a cycle keeps is small (a busy daemon of 100 repositories holds
 * 40 MB of live heap). With the semi-spaces kept at 1 MB each, short-lived objects that outlive a
 * scavenge are promoted to the old generation and collected there with the rest: more, cheaper
 * collections in a busy round, and no young generation reserve held while idle.
 *
 * `--max-semi-space-size` would do the same but only works on the command line (the heap is
 * configured before any code runs); the growth factor is read each time the semi-spaces would
 * grow, so setting it from inside the process takes effect at once. A `NODE_OPTIONS` with
 * `--max-semi-space-size` given by the user still applies (it caps the size; this stops growth
 * below it).
 */
export function boundYoungGeneration(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}
