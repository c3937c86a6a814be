// The check both generators apply to the sizes they are asked for.

export function checkCount(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
}
