// The exact line solver on bit sets: for one line (n cells, clue c[0..k), cells known black and
// known white), every cell that is black in all completions and every cell that is white in all
// completions, or "no completion". The same answer as the automaton solver of
// src/line/solveLine.ts, in O(k log n) word operations instead of O(n * states).
//
// Positions are cut points: position p means "cells [0, p) are accounted for". A virtual white
// cell at index n ends the line, so the last block needs no special separator case.
//
// Forward, over blocks j = 0..k: G[j] holds the positions p at which j blocks are placed in
// [0, p) consistently and the prefix ends white (p = 0, or cell p-1 white). Block j may start at
// s in G[j] when cells [s, s+c) may all be black and cell s+c may be white; the positions after
// its separator, s+c+1, then reach further right through cells that may be white. That last
// step is one addition: adding a seed bit into a run of ones of the mask carries to the run's end,
// and XOR with the mask leaves exactly the bits from the seed to one past the run.
//
// Backward, from the last block down: B holds the positions p at which the blocks after j fit
// into [p, n) consistently and p is n or a white cell. Block j can really start at s when s is a
// forward start and s+c is in B; the cells before such a start that may be white reach down
// through a logarithmic smear (carries run only upwards). A cell can be black when some block's
// real start covers it, and white when, for some j, a prefix with j blocks ends white at it and a
// suffix with the other blocks starts white at it.
#pragma once
#include "mask.h"

/** Scratch and results of one solve, sized for at most MAX_BLOCKS blocks. */
template <int NW>
struct LineWork {
  static constexpr int MAX_BLOCKS = 32 * NW + 1;
  // Entries [0, k] (gap) and [0, k) (fits, starts) are written by a solve of k blocks; positions
  // within [0, n + 2), cells within [0, n).
  Mask<NW> gap[MAX_BLOCKS + 1];  // G[j]: positions after j blocks where the prefix ends white
  Mask<NW> fits[MAX_BLOCKS];     // starts where block j's cells may all be black
  Mask<NW> starts[MAX_BLOCKS];   // after a successful solve: the real starts of block j
};

/** Positions p < a seed (of `seeds`) from which the seed is reached through cells of `m`. */
template <int NW>
static inline Mask<NW> reachDown(const Mask<NW>& seeds, const Mask<NW>& m, int n) {
  assert(n >= 0 && n < 64 * NW);
  Mask<NW> r = seeds.down(1) & m;
  Mask<NW> through = m;
  for (int step = 1; step <= n; step *= 2) {
    r |= r.down(step) & through;
    through &= through.down(step);
  }
  return r;
}

/** Starts s with cells [s, s+c) all in `m` (c >= 1). */
template <int NW>
static inline Mask<NW> runsOf(const Mask<NW>& m, int c) {
  assert(c >= 1);
  Mask<NW> r = m;
  int len = 1;
  while (2 * len <= c) {
    r &= r.down(len);
    len *= 2;
  }
  if (len < c) r &= r.down(c - len);
  return r;
}

/** Cells [s, s+c) for every start s. */
template <int NW>
static inline Mask<NW> cover(const Mask<NW>& s, int c) {
  assert(c >= 1);
  Mask<NW> r = s;
  int len = 1;
  while (2 * len <= c) {
    r |= r.up(len);
    len *= 2;
  }
  if (len < c) r |= r.up(c - len);
  return r;
}

/**
 * Solve one line. require: n + 2 <= 64 * NW, k <= MAX_BLOCKS, every c[j] >= 1, no bit at n or
 * above in `black` / `white`, no cell in both. On success writes the cells black (white) in
 * every completion, the known ones included, and `work.starts`; returns false when no
 * completion exists.
 */
template <int NW>
static bool solveLineBits(int n, const int* c, int k, const Mask<NW>& black, const Mask<NW>& white, Mask<NW>& outBlack,
                          Mask<NW>& outWhite, LineWork<NW>& work) {
  typedef Mask<NW> M;
  assert(n >= 0 && n + 2 <= 64 * NW);
  assert(k >= 0 && k <= LineWork<NW>::MAX_BLOCKS);
  for (int j = 0; j < k; j++) assert(c[j] >= 1);
  assert(black.within(n) && white.within(n) && (black & white).empty());
  const M cells = M::first(n);
  const M canBeWhite = (~black) & M::first(n + 1);  // with the virtual cell n
  const M canBeBlack = (~white) & cells;
  const M positions = M::first(n + 2);
  M g = (canBeWhite.plus(M::single(0) & canBeWhite) ^ canBeWhite) | M::single(0);
  g &= positions;
  work.gap[0] = g;
  for (int j = 0; j < k; j++) {
    const int cj = c[j];
    const M fit = runsOf(canBeBlack, cj) & canBeWhite.down(cj);
    work.fits[j] = fit;
    const M s = g & fit;
    if (s.empty()) return false;
    const M seed = s.up(cj + 1);
    g = ((canBeWhite.plus(seed & canBeWhite) ^ canBeWhite) | seed) & positions;
    work.gap[j + 1] = g;
  }
  if (!g.has(n + 1)) return false;
  const M whiteReal = (~black) & cells;
  M after = reachDown(M::single(n), whiteReal, n) | M::single(n);  // B for the empty suffix
  M canBlack = M::none(), canWhite = M::none();
  for (int j = k - 1; j >= 0; j--) {
    const int cj = c[j];
    canWhite |= work.gap[j + 1].down(1) & after;
    const M real = work.gap[j] & work.fits[j] & after.down(cj);
    work.starts[j] = real;
    canBlack |= cover(real, cj);
    after = reachDown(real, whiteReal, n);
  }
  canWhite |= work.gap[0].down(1) & after;
  canWhite &= cells;
  if ((canBlack | canWhite) != cells) return false;
  outBlack = cells.minus(canWhite);
  outWhite = cells.minus(canBlack);
  assert(black.subsetOf(outBlack) && white.subsetOf(outWhite) && (outBlack & outWhite).empty());
  return true;
}
