/**
 * Why an annotation is not proven smallest, as encrypt and annotate say it: the proven lower
 * bound when one was found (a bound of 0 proves nothing, every annotation has at least 0
 * cells), then the reason the proof stopped.
 */
export function unprovenWhy(lowerBound: number, reason: string | undefined): string {
  return `${lowerBound > 0 ? `lower bound ${lowerBound}` : 'no lower bound found'}; ${reason ?? 'not proven'}`;
}
