/**
 * mulberry32: a small, well-mixed seeded 32-bit generator, uniform floats in [0, 1). For
 * anything that must replay from a seed (the lying code-maker, benchmark inputs); not for
 * secrets.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
