/** `3, 5 and 7`; past 20 numbers, the first 20 and how many more. */
export function listed(ks: readonly number[]): string {
  const shown = ks.map(String);
  if (shown.length > 20) return `${shown.slice(0, 20).join(', ')} and ${shown.length - 20} more`;
  return shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}
