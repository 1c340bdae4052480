/** `1 block`, `3 blocks`, `0 candidates`: a count with its noun in the number it needs. */
export function counted(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
