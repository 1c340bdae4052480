// The games core: the lower-bound search of src/games/build/BoundSearch.ts (Mastermind and the
// AB game with lies) compiled to WebAssembly, for src/games/build/GamesCore.ts. The same
// search, step for step: the same positions in the same order, the same counters and the same
// proof, so that the TypeScript search stays the reference (test/gamesCore.test.ts compares
// them). What is here is only the part below the symmetry range (every guess its own class):
// the loop over guesses x codes (the one-step volume check), the children's weights, the
// children themselves and the memory of lost tuples, all on data kept in this module's memory,
// one call per searched subtree.
//
// A tuple crosses as int32s: the sizes of its E + 1 levels, then their codes (each level
// ascending). Numbers are doubles where TypeScript's are (weights, volume bounds): the same
// sums in the same order give the same values (the one-step check sums in 32-bit integers
// where they stay whole numbers below 2^31, which is the same).
//
// Call order: gm_init once per game (after filling the buffers it points to with gm_alloc),
// then any of gm_refute and gm_lost (gm_mark and gm_release around a tuple the caller searches
// itself), with gm_forget between frontier items (it drops the memory of lost tuples and the
// proof nodes). The proof of a lost subtree stays readable (gm_nodes, gm_leaves, gm_entries)
// until the next gm_lost, gm_release or gm_forget.
#include <emscripten.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <algorithm>
#include <utility>
#include <functional>
#include <vector>

// The embedder's progress call (src/sat/wasmEngine.ts: `games_pulse`), every PULSE_NODES
// positions; non-zero asks the search to stop.
EM_JS(int, games_pulse, (double nodes), { throw new Error("games_pulse comes from src/sat/wasmEngine.ts"); });

namespace {

// What gm_lost returns besides a node index (>= 0).
const int32_t WON = -1;
const int32_t STOP_TIME = -2;
const int32_t STOP_ASKED = -3;
// Volume leaves are numbered from here (their weights in `leaves`), splits and `same` nodes
// below it (in proofNodes).
const int32_t LEAF_BASE = 1 << 30;

// heavyPairs: the most heavy codes it compares, in codes, 2 or more. A subset of the heavy
// codes refutes fewer guesses but never a wrong one; the pairs cost grows as its square. On the
// AB game e = 1 at 9, the tuples with 3 guesses left have 6.6 heavy codes on average, and 8, 12
// and 16 gave the same positions per CPU second within 2 % (30 s slices, 2026-11-30).
const int HEAVY_CODES_MOST = 12;

// Node kinds of the proof (BoundProof.ts) in proofNodes: a split, the same tuple as a split.
const int32_t KIND_SPLIT = 1;
const int32_t KIND_SAME = 2;

/** A proof node, read by GamesCore.ts at byte offsets 0 (value), 8 (bound), 16.. (int32s), 28.. (int16s). */
struct Node {
  double value;   // split: byVolume
  double bound;   // split: b(t - 1)
  int32_t kind;
  int32_t first;  // split: its first entry; same: the split it refers to
  int32_t count;  // split: its entries
  int16_t remembered;  // split: 1 when the memory of lost tuples holds it (a `same` may point to it)
  int16_t found;       // its foundDepth (BoundProof.ts): how deep the checker finds it by itself, 0 for not
};
static_assert(sizeof(Node) == 32, "Node layout is read by GamesCore.ts");

struct Entry {
  int32_t guess;
  int32_t answer;
  int32_t child;
};
static_assert(sizeof(Entry) == 12, "Entry layout is read by GamesCore.ts");

struct Kid {
  int32_t answer;
  double weight;
};

struct MemoSlot {
  uint32_t hash;
  int32_t key;  // offset in memoKeys, -1: empty
  int32_t node;
};

// ---- the game (gm_init) -----------------------------------------------------------------------
int N = 0;           // codes
int SLOTS = 0;       // packed answers: (P + 1)^2
int E = 0;           // lies
int WIN = 0;         // the packed PA0B
bool TRUTHFUL = true;
int MAXH = 0;
const uint8_t* TABLE = nullptr;    // N x N answers, row g: guess g against every code
const uint8_t* ALLOWED = nullptr;  // N x SLOTS: the answers guess g may get (answersFor)
std::vector<int32_t> ALPHABET;     // ascending
std::vector<uint8_t> COLUMNS;      // N x N, row c: every guess's answer to code c, as its place among the alphabet's but PA0B; PA0B is RC
int RC = 0;                        // answers of the alphabet but PA0B
uint8_t PLACE[256];                // per answer: its place among the alphabet's but PA0B; PA0B's is RC
std::vector<int8_t> levelOf;       // per code: its level in the tuple refuteK scans, -1 outside
// COLUMNS again, 64 guesses to a word, bit by bit (heavyPairs): at (c * WORDS + w) * PLANES + p,
// bit b is bit p of guess 64 w + b's answer to code c (its place, 0..RC). N x N x PLANES bits,
// half the size of COLUMNS on the games played here (PLANES = 4). Each code's are made when
// heavyPairs first needs them (planesMade): for all codes at once, they took 0.2 s of the AB
// game's start, more than its proofs that finish gain.
std::vector<uint64_t> ANSWER_PLANES;
std::vector<uint8_t> planesMade;
int PLANES = 0;                    // bits of a place: the fewest that hold RC
int WORDS = 0;                     // 64-bit words of a set of guesses: ceil(N / 64)
std::vector<double> A;             // a(k, h) at k * (MAXH + 1) + h
std::vector<double> B;             // b(h)
double MEMO_MAX = 0;               // BOUND_MEMO
double MEMO_CHARS_MAX = 0;         // BOUND_MEMO_CHARS
int MEMO_MAX_CODES = 0;            // BOUND_MEMO_MAX_CODES
int FOUND_MOST = 0;                // FOUND_DEPTH_MOST (BoundProof.ts)

inline double a(int k, int h) { return A[k * (MAXH + 1) + h]; }

// ---- the search's state ------------------------------------------------------------------------
double nodes = 0, volumeCuts = 0, memoHits = 0, won = 0;
double deadline = 0;
double jsMemoCount = 0, jsMemoChars = 0;  // the TypeScript side's share of the memory's limits
double memoChars = 0;
std::vector<Node> proofNodes;
std::vector<Entry> proofEntries;
// Volume leaves, one per weight (a proof names only the weight), kept until gm_forget.
std::vector<double> leaves;
std::vector<std::pair<double, int32_t>> leafSlots;  // open addressing on the weight, -1: empty
int32_t leafCount = 0;
// The sizes of proofNodes and proofEntries right after the last tuple remembered: a won
// tuple's nodes past both its start and these are garbage (lost()).
size_t rememberedNodes = 0, rememberedEntries = 0;
std::vector<int32_t> memoKeys;
std::vector<MemoSlot> memo;  // open addressing, a power of two
int32_t memoCount = 0;

/** An open guess of a split: its heaviest child's weight, the guess, its place in Frame::sums. */
struct Open {
  double worst;
  int32_t guess;
  int32_t slot;
  bool operator<(const Open& o) const { return worst < o.worst || (worst == o.worst && guess < o.guess); }
};

/** Per depth of the recursion: the tuple's codes, the open guesses, the children, the entries. */
struct Frame {
  std::vector<int32_t> codes;  // the tuple at this depth: E + 1 sizes, then the codes
  std::vector<Open> open;
  // Per open guess (by slot), from the one-step check: its children's shared base and its
  // sums by answer place (RC each).
  std::vector<double> base, sums;
  std::vector<Kid> kids;
  std::vector<Entry> entries;
};
std::vector<Frame> frames;  // reserved once (gm_init): references into it stay valid
std::vector<double> sumsBuf;     // refuteK's sums: K per guess, K <= 64, doubles at most
std::vector<int32_t> openBuf;    // refuteK's guesses still open (places in its reps)
std::vector<int32_t> groupBuf;   // refuteK's open lists, one per group (N each)
std::vector<double> openWorst;   // and their heaviest child's weight
std::vector<double> openBase;    // and their children's base
std::vector<double> openSums;    // and their sums by answer place (RC each)
std::vector<int32_t> childBuf;   // child's three lists (N each)
std::vector<uint64_t> keepBuf;   // heavyPairs's guesses it may keep, as a bit set (WORDS)
std::vector<int32_t> heavyBuf;   // and its heavy codes (HEAVY_CODES_MOST)
int64_t pulseEvery = 16384;

inline int32_t levelSize(const int32_t* t, int j) { return t[j]; }
inline int32_t tupleCodes(const int32_t* t) {
  int32_t n = 0;
  for (int j = 0; j <= E; j++) n += t[j];
  return n;
}

double weightOf(const int32_t* t, int h) {
  double w = 0;
  for (int j = 0; j <= E; j++) w += t[j] * a(E - j, h);
  return w;
}

bool allows(const int32_t* t, int h) {
  if (h <= 0) return tupleCodes(t) == 0;
  return weightOf(t, h) <= B[h];
}

template <typename Sum>
inline Sum lowest();
template <>
inline int32_t lowest<int32_t>() { return INT32_MIN / 2; }
template <>
inline double lowest<double>() { return -__builtin_inf(); }

/** heavyPairs with its PLANES a constant, on the heavy codes in heavyBuf[0..heavy) and the guesses in keepBuf. */
template <int NB>
int heavyPairsNB(int heavy, int32_t* out) {
  const uint64_t* keep = keepBuf.data();
  int m = 0;
  uint64_t x[HEAVY_CODES_MOST][NB];
  for (int w = 0; w < WORDS; w++) {
    uint64_t refuted = 0;
    for (int k = 0; k < heavy; k++) {
      const uint64_t* bits = ANSWER_PLANES.data() + ((size_t)heavyBuf[k] * WORDS + w) * NB;
      for (int b = 0; b < NB; b++) x[k][b] = bits[b];
      for (int j = 0; j < k; j++) {
        uint64_t d = 0;
        for (int b = 0; b < NB; b++) d |= x[k][b] ^ x[j][b];
        refuted |= ~d;
      }
    }
    for (uint64_t left = keep[w] & ~refuted; left; left &= left - 1) out[m++] = w * 64 + __builtin_ctzll(left);
  }
  return m;
}

/**
 * A cheaper first pass of refuteK's largest group (the guesses outside the tuple, or under the
 * deniable end all guesses): the guesses no pair of heavy codes refutes, ascending, into out, and
 * how many; -1 when the tuple has fewer than two heavy codes. A code is heavy when its level's
 * delta is more than half the group's threshold `over`: when a guess gives two heavy codes one
 * answer, that answer's sum passes `over` whatever the other codes add, so the guess is
 * refuted. The pass compares the heavy codes' answers pair by pair, 64 guesses at a time, in
 * ANSWER_PLANES (two answers are equal when no bit plane differs; two codes' answers cannot both
 * be PA0B). skip[0..skipped): guesses left out (other groups'). The guesses
 * kept are then weighed as every guess was before (refuteK), so the result is the same; only the
 * guesses refuted here are not read code by code. On the AB game e = 1, a tuple with 3 guesses
 * left has 6.6 heavy codes (level 0, delta 12, against a threshold of about 19), and they leave
 * 4 % of the guesses outside it for refuteK to weigh.
 */
int heavyPairs(const int32_t* t, const double* delta, double over, const int32_t* skip, int skipped, int32_t* out) {
  int heavy = 0;
  const int32_t* c = t + E + 1;
  for (int j = 0; j <= E; c += t[j], j++)
    if (2 * delta[j] > over)
      for (int32_t k = 0; k < t[j] && heavy < HEAVY_CODES_MOST; k++) heavyBuf[heavy++] = c[k];
  if (heavy < 2) return -1;
  uint64_t* keep = keepBuf.data();
  for (int w = 0; w < WORDS; w++) keep[w] = ~(uint64_t)0;
  if (N % 64) keep[WORDS - 1] = ((uint64_t)1 << (N % 64)) - 1;
  for (int k = 0; k < skipped; k++) keep[skip[k] >> 6] &= ~((uint64_t)1 << (skip[k] & 63));
  for (int k = 0; k < heavy; k++) {
    const int32_t code = heavyBuf[k];
    if (planesMade[code]) continue;
    const uint8_t* col = COLUMNS.data() + (size_t)code * N;
    uint64_t* planes = ANSWER_PLANES.data() + (size_t)code * WORDS * PLANES;
    for (int g = 0; g < N; g++)
      for (int p = 0; p < PLANES; p++) planes[(g >> 6) * PLANES + p] |= (uint64_t)(col[g] >> p & 1) << (g & 63);
    planesMade[code] = 1;
  }
  switch (PLANES) {
    case 1: return heavyPairsNB<1>(heavy, out);
    case 2: return heavyPairsNB<2>(heavy, out);
    case 3: return heavyPairsNB<3>(heavy, out);
    case 4: return heavyPairsNB<4>(heavy, out);
    case 5: return heavyPairsNB<5>(heavy, out);
    default: return heavyPairsNB<6>(heavy, out);
  }
}

/**
 * The one-step volume check (SearchContext.volumeRefuter) of guesses reps[0..n) (all codes when
 * reps is null) at tuple t with h guesses left for the children. A guess's children share one
 * base (every code one level up; under the truthful end less the guess's own code, by its
 * level), and a guess is dropped once one of its sums passes b(h) less its own base: it then has
 * a child past b(h). Returns how many guesses stay, with their places in reps in openBuf and
 * their heaviest child's weight in openWorst (within b(h)), grouped by base. The hot loop of the
 * whole search: per guess, a sum per answer over the tuple's codes, K sums per guess (K a
 * constant, so that scanning them is inline) in sumsBuf.
 *
 * It runs code by code over every guess of a group still open, not guess by guess: consecutive
 * additions go to different guesses' sums (no chain of dependent additions through one slot, and
 * no branch the processor mispredicts), and a guess leaves the open list as soon as one of its
 * sums passes its threshold. Answers are read from COLUMNS, the column of each code (its answer to every
 * guess, as places in the alphabet: 0..RC-1, PA0B as RC, a slot that starts at the lowest value
 * so that the guess itself never counts). Measured against the guess-by-guess loop, in 10 s
 * slices of the long searches (2026-11-30): 2.4 times the positions per CPU second on the AB
 * game e = 1, 1.45 times on Mastermind e = 2 (docs/GAMES.md, The compiled games core).
 *
 * The guesses are checked in groups of one base each (the guess's own code on level 0, 1, ...,
 * E, or outside the tuple), each group with its own threshold, a constant in its loop. The one
 * threshold for all that came before, from the lowest base, kept a guess whose base is higher
 * open that far past its own: with two lies and 2 guesses left for the children, a guess outside
 * a tuple with a code on level 0 has a base 13 above that code's own, where the thresholds are
 * mostly 8 to 25. Measured (2026-11-30, 30 s slices): 1.6 times the positions per CPU second on
 * Mastermind e = 2, the same on the AB game e = 1 (docs/GAMES.md, The compiled games core).
 *
 * When every guess is checked, the largest group first goes through heavyPairs, which refutes
 * most of its guesses 64 at a time, and only the rest are weighed here; so only the sums of the
 * guesses in a list are set to 0 (not all N). Measured (2026-11-30, 30 s slices): 1.76 times
 * the positions per CPU second on the AB game e = 1, 1.16 times on Mastermind e = 2.
 */
template <int K, typename Sum>
int refuteK(const int32_t* t, int h, const int32_t* reps, int n) {
  double w[8];
  for (int j = 0; j <= E; j++) w[j] = a(E - j, h);
  w[E + 1] = 0;
  double delta[8];
  for (int j = 0; j <= E; j++) delta[j] = w[j] - w[j + 1];
  double baseAll = 0;
  for (int j = 0; j <= E; j++) baseAll += t[j] * w[j + 1];
  const double limit = B[h];
  const int32_t* codes = t + E + 1;
  const int32_t total = tupleCodes(t);
  // Which level each code of the tuple is on (the guess's own level: its share of the base).
  {
    const int32_t* c = codes;
    for (int j = 0; j <= E; j++)
      for (int32_t k = 0; k < t[j]; k++) levelOf[*c++] = (int8_t)j;
  }
  // The groups: g = the guess's own level, E + 1 outside the tuple (or any guess under the
  // deniable end, where the guess stays in its children). Each group's base and threshold;
  // below 0, any sum (0 or more) is past it, and the group is refuted before any code is read.
  const int G = E + 2;
  double base[8];
  Sum over[8];
  int32_t live[8];
  for (int g = 0; g < G; g++) {
    base[g] = TRUTHFUL && g <= E ? baseAll - w[g + 1] : baseAll;
    const double threshold = limit - base[g];
    over[g] = threshold < 0 ? (Sum)-1 : (Sum)threshold;
    live[g] = 0;
  }
  // Every group refuted by its base alone (the base past b(h)): no guess is read.
  bool any = false;
  for (int g = 0; g < G; g++) any = any || over[g] >= 0;
  if (!any) {
    for (int32_t k = 0; k < total; k++) levelOf[codes[k]] = -1;
    return 0;
  }
  // Each guess of a group not refuted goes to its group's list (groupBuf, N places per group),
  // without a chain through a counter; then its sums start at 0, but its own slot.
  Sum* sums = reinterpret_cast<Sum*>(sumsBuf.data());
  int32_t* lists[8];
  for (int g = 0; g < G; g++) lists[g] = groupBuf.data() + (size_t)g * N;
  if (!TRUTHFUL) {
    // One group, its threshold not negative (else every group is refuted, above).
    const int kept = reps ? -1 : heavyPairs(t, delta, (double)over[E + 1], nullptr, 0, lists[E + 1]);
    if (kept >= 0) {
      live[E + 1] = kept;
    } else {
      for (int i = 0; i < n; i++) lists[E + 1][i] = i;
      live[E + 1] = n;
    }
  } else if (reps == codes) {
    // The tuple's own codes as they stand in t: each level's places are one run.
    int32_t at = 0;
    for (int j = 0; j <= E; j++) {
      if (over[j] >= 0) {
        for (int32_t k = 0; k < t[j]; k++) lists[j][k] = at + k;
        live[j] = t[j];
      }
      at += t[j];
    }
  } else if (reps) {
    // Any guesses (the caller's classes): one branchless pass per group.
    for (int g = 0; g < G; g++) {
      if (over[g] < 0) continue;
      const int own = g <= E ? g : -1;
      int m = 0;
      for (int i = 0; i < n; i++) {
        lists[g][m] = i;
        m += levelOf[reps[i]] == own;
      }
      live[g] = m;
    }
  } else {
    // Every code: the tuple's own by level (as they stand in t), but for the top level; its
    // codes have the base of the guesses outside (their own weighs w[E + 1] = 0 in every
    // child), so they join that group, which heavyPairs or one branchless pass lists.
    const int32_t* c = codes;
    for (int j = 0; j < E; j++) {
      if (over[j] >= 0) {
        memcpy(lists[j], c, sizeof(int32_t) * t[j]);
        live[j] = t[j];
      }
      c += t[j];
    }
    if (over[E + 1] >= 0) {
      int32_t* out = lists[E + 1];
      const int below = (int)(c - codes);
      int m = heavyPairs(t, delta, (double)over[E + 1], codes, below, out);
      if (m < 0) {
        m = 0;
        for (int i = 0; i < n; i++) {
          out[m] = i;
          m += (levelOf[i] < 0) | (levelOf[i] == E);
        }
      }
      live[E + 1] = m;
    }
  }
  for (int g = 0; g < G; g++)
    for (int a = 0; a < live[g]; a++) {
      Sum* s = sums + (size_t)lists[g][a] * K;
      for (int k = 0; k < K; k++) s[k] = 0;
      s[RC] = lowest<Sum>();
    }
  // Group by group, code by code over the group's guesses still open.
  for (int g = 0; g < G; g++) {
    int32_t* o = lists[g];
    int count = live[g];
    const Sum lim = over[g];
    const int32_t* c = codes;
    for (int j = 0; j <= E && count > 0; j++) {
      // Levels whose codes weigh the same in every child (delta 0, all but the top level or two
      // near the leaves) change no sum: skipped.
      if (delta[j] == 0) {
        c += t[j];
        continue;
      }
      const Sum d = (Sum)delta[j];
      for (const int32_t* end = c + t[j]; c < end && count > 0; c++) {
        const uint8_t* col = COLUMNS.data() + (size_t)*c * N;
        int m = 0;
        // The open list is compacted in place, without a branch: each guess is written back and
        // kept only while its sum is within the threshold.
        if (reps)
          for (int a = 0; a < count; a++) {
            const int32_t i = o[a];
            const Sum v = (sums[(size_t)i * K + col[reps[i]]] += d);
            o[m] = i;
            m += v <= lim;
          }
        else
          for (int a = 0; a < count; a++) {
            const int32_t i = o[a];
            const Sum v = (sums[(size_t)i * K + col[i]] += d);
            o[m] = i;
            m += v <= lim;
          }
        count = m;
      }
    }
    live[g] = count;
  }
  int32_t* open = openBuf.data();
  int stay = 0;
  for (int g = 0; g < G; g++)
    for (int a = 0; a < live[g]; a++) {
      const int32_t i = lists[g][a];
      const Sum* s = sums + (size_t)i * K;
      Sum most = 0;
      for (int k = 0; k < K; k++)
        if (s[k] > most) most = s[k];
      double* keep = openSums.data() + (size_t)stay * RC;
      for (int k = 0; k < RC; k++) keep[k] = (double)s[k];
      open[stay] = i;
      openBase[stay] = base[g];
      openWorst[stay++] = base[g] + (double)most;
    }
  for (int32_t k = 0; k < total; k++) levelOf[codes[k]] = -1;
  return stay;
}

template <typename Sum>
int refuteSum(const int32_t* t, int h, const int32_t* reps, int n) {
  if (RC < 16) return refuteK<16, Sum>(t, h, reps, n);
  if (RC < 32) return refuteK<32, Sum>(t, h, reps, n);
  return refuteK<64, Sum>(t, h, reps, n);
}

int refuteAll(const int32_t* t, int h, const int32_t* reps, int n) {
  // A sum stops at most one delta past the threshold, itself at most b(h); a(k, h) and b(h) are
  // whole numbers.
  double most = B[h];
  for (int k = 0; k <= E; k++) most += a(k, h);
  if (most < 2147483647.0) return refuteSum<int32_t>(t, h, reps, n);
  return refuteSum<double>(t, h, reps, n);
}

/** SearchContext.volumeRefutesOutside: every guess outside the tuple is refuted by its sizes. */
bool refutesOutside(const int32_t* t, int h) {
  double base = 0, spread = 0;
  for (int j = 0; j <= E; j++) {
    const double w = a(E - j, h);
    const double up = j < E ? a(E - j - 1, h) : 0;
    base += t[j] * up;
    spread += t[j] * (w - up);
  }
  return base + spread / (double)(ALPHABET.size() - 1) > B[h];
}

/**
 * The children of open guess o of frame f (BoundSearch.children): heaviest first, then by
 * answer. Read from the one-step check's sums, not counted again: a child's weight is the
 * guess's base plus its answer's sum (every code one level up, but those that get the answer).
 * A child is empty when its weight is 0: each code weighs a(k, h) >= 1 on any level.
 */
void children(const Frame& f, const Open& o, std::vector<Kid>& out) {
  const double base = f.base[o.slot];
  const double* sums = f.sums.data() + (size_t)o.slot * RC;
  const uint8_t* allowed = ALLOWED + (size_t)o.guess * SLOTS;
  out.clear();
  for (int r : ALPHABET) {
    if (r == WIN || !allowed[r]) continue;
    const double weight = base + sums[PLACE[r]];
    if (weight > 0) out.push_back(Kid{r, weight});
  }
  // Heaviest first, then by answer (a total order: answers differ): an insertion sort of at
  // most the alphabet's answers.
  for (size_t i = 1; i < out.size(); i++) {
    const Kid k = out[i];
    size_t j = i;
    for (; j > 0 && (out[j - 1].weight < k.weight || (out[j - 1].weight == k.weight && out[j - 1].answer > k.answer)); j--) out[j] = out[j - 1];
    out[j] = k;
  }
}

/**
 * The child tuple after guess g is answered r (Partition.child), written to out. Level j of the
 * child is level j's codes that get r and level j - 1's that do not (less g under the truthful
 * end), ascending: each list is first filtered without a branch (every code written, kept or
 * not), then the two are merged with a select, not a branch on the data.
 */
void child(const int32_t* t, int g, int r, int32_t* out) {
  const uint8_t* row = TABLE + (size_t)g * N;
  const int E1 = E + 1;
  const int skip = TRUTHFUL ? g : -1;
  int32_t* o = out + E1;
  // Per level j: its codes that get r (stays), its codes that do not and so go one level up
  // (goUp), and those of level j - 1 that did (wentUp, moved of them).
  int32_t* stays = childBuf.data();
  int32_t* goUp = childBuf.data() + N;
  int32_t* wentUp = childBuf.data() + 2 * (size_t)N;
  int moved = 0;
  const int32_t* c = t + E1;
  for (int j = 0; j < E1; j++) {
    int kept = 0, nextMoved = 0;
    for (const int32_t* end = c + t[j]; c < end; c++) {
      const int32_t code = *c;
      const bool gets = row[code] == r;
      stays[kept] = code;
      kept += gets;
      goUp[nextMoved] = code;
      nextMoved += !gets & (j < E) & (code != skip);
    }
    // Merge stays[0..kept) with wentUp[0..moved).
    const int32_t* x = stays;
    const int32_t* xEnd = stays + kept;
    const int32_t* y = wentUp;
    const int32_t* yEnd = y + moved;
    int32_t* begin = o;
    while (x < xEnd && y < yEnd) {
      const int32_t a = *x, b = *y;
      const bool takeX = a < b;
      *o++ = takeX ? a : b;
      x += takeX;
      y += !takeX;
    }
    while (x < xEnd) *o++ = *x++;
    while (y < yEnd) *o++ = *y++;
    out[j] = (int32_t)(o - begin);
    std::swap(wentUp, goUp);
    moved = nextMoved;
  }
}

// ---- the memory of lost tuples (BoundSearch's memo) -------------------------------------------

inline int decimalDigits(int32_t v) {
  int d = 1;
  while (v >= 10) {
    v /= 10;
    d++;
  }
  return d;
}

/** The length of BoundSearch's key `t + ':' + levelsKey(levels)`, for BOUND_MEMO_CHARS. */
double keyChars(const int32_t* t, int tLeft) {
  double n = decimalDigits(tLeft) + 1 + E;
  const int32_t* c = t + E + 1;
  for (int j = 0; j <= E; j++) {
    if (t[j] > 0) n += t[j] - 1;
    for (int32_t k = 0; k < t[j]; k++) n += decimalDigits(*c++);
  }
  return n;
}

uint32_t hashOf(const int32_t* t, int tLeft, int len) {
  uint32_t h = 2166136261u ^ (uint32_t)tLeft;
  for (int i = 0; i < len; i++) {
    h ^= (uint32_t)t[i];
    h *= 16777619u;
    h ^= h >> 15;
  }
  return h;
}

bool sameKey(int32_t at, const int32_t* t, int tLeft, int len) {
  const int32_t* k = memoKeys.data() + at;
  return k[0] == tLeft && k[1] == len && memcmp(k + 2, t, sizeof(int32_t) * len) == 0;
}

int32_t memoFind(const int32_t* t, int tLeft, int len, uint32_t h) {
  if (memo.empty()) return -1;
  const size_t mask = memo.size() - 1;
  for (size_t i = h & mask;; i = (i + 1) & mask) {
    const MemoSlot& s = memo[i];
    if (s.key < 0) return -1;
    if (s.hash == h && sameKey(s.key, t, tLeft, len)) return s.node;
  }
}

void memoInsert(const int32_t* t, int tLeft, int len, uint32_t h, int32_t node) {
  if ((size_t)(memoCount + 1) * 2 > memo.size()) {
    std::vector<MemoSlot> old;
    old.swap(memo);
    memo.assign(old.empty() ? 1024 : old.size() * 2, MemoSlot{0, -1, 0});
    const size_t mask = memo.size() - 1;
    for (const MemoSlot& s : old) {
      if (s.key < 0) continue;
      size_t i = s.hash & mask;
      while (memo[i].key >= 0) i = (i + 1) & mask;
      memo[i] = s;
    }
  }
  const int32_t at = (int32_t)memoKeys.size();
  memoKeys.push_back(tLeft);
  memoKeys.push_back(len);
  memoKeys.insert(memoKeys.end(), t, t + len);
  const size_t mask = memo.size() - 1;
  size_t i = h & mask;
  while (memo[i].key >= 0) i = (i + 1) & mask;
  memo[i] = MemoSlot{h, at, node};
  memoCount++;
}

/** The volume leaf of weight w (one per weight). */
int32_t leafOf(double w) {
  if ((size_t)(leafCount + 1) * 2 > leafSlots.size()) {
    std::vector<std::pair<double, int32_t>> old;
    old.swap(leafSlots);
    leafSlots.assign(old.empty() ? 64 : old.size() * 2, std::make_pair(0.0, -1));
    for (const auto& e : old)
      if (e.second >= 0) {
        size_t i = std::hash<double>()(e.first) & (leafSlots.size() - 1);
        while (leafSlots[i].second >= 0) i = (i + 1) & (leafSlots.size() - 1);
        leafSlots[i] = e;
      }
  }
  const size_t mask = leafSlots.size() - 1;
  size_t i = std::hash<double>()(w) & mask;
  for (; leafSlots[i].second >= 0; i = (i + 1) & mask)
    if (leafSlots[i].first == w) return LEAF_BASE + leafSlots[i].second;
  leafSlots[i] = std::make_pair(w, (int32_t)leaves.size());
  leaves.push_back(w);
  leafCount++;
  return LEAF_BASE + (int32_t)leaves.size() - 1;
}

/** Drops the nodes and entries made since (nodes, entries), but for those remembered tuples hold. */
void release(size_t nodes, size_t entries) {
  if (rememberedNodes > nodes) {
    nodes = rememberedNodes;
    entries = rememberedEntries;
  }
  if (proofNodes.size() > nodes) proofNodes.resize(nodes);
  if (proofEntries.size() > entries) proofEntries.resize(entries);
}

/** A node's foundDepth: a volume leaf is not found; a `same` node is as its split. */
inline int foundOf(int32_t node) { return node >= LEAF_BASE ? 0 : proofNodes[node].found; }

/**
 * BoundProof.ts's foundDepth of a split with these entries: 1 with none, one more than the
 * deepest child when every child is found less than FOUND_MOST deep, else 0.
 */
int foundDepth(const std::vector<Entry>& entries) {
  int depth = 1;
  for (const Entry& e : entries) {
    const int d = foundOf(e.child);
    if (d == 0 || d >= FOUND_MOST) return 0;
    depth = std::max(depth, d + 1);
  }
  return depth;
}

int32_t addNode(int32_t kind, double value, double bound, int32_t first, int32_t count, int found) {
  proofNodes.push_back(Node{value, bound, kind, first, count, 0, (int16_t)found});
  return (int32_t)proofNodes.size() - 1;
}

const int MAX_FRAMES = 64;  // depth <= guesses left <= 40 (Volume's maxH)

Frame& frame(int depth) { return frames[depth]; }

/**
 * BoundSearch.lost on the tuple in frame `depth` with tLeft guesses left: a node index when it
 * is lost, WON, or a STOP_ code.
 */
int32_t lost(int depth, int tLeft) {
  const int32_t* t = frame(depth).codes.data();
  const int32_t codes = tupleCodes(t);
  if (codes == 0) return WON;
  if (tLeft <= 0 || !allows(t, tLeft)) return leafOf(weightOf(t, tLeft > 0 ? tLeft : 0));
  nodes++;
  if ((int64_t)nodes % pulseEvery == 0 && games_pulse(nodes)) return STOP_ASKED;
  if (emscripten_get_now() > deadline) return STOP_TIME;
  const int len = E + 1 + codes;
  uint32_t h = 0;
  const bool keyed = codes <= MEMO_MAX_CODES;
  if (keyed) {
    h = hashOf(t, tLeft, len);
    const int32_t seen = memoFind(t, tLeft, len, h);
    if (seen >= 0) {
      memoHits++;
      return addNode(KIND_SAME, 0, 0, seen, 0, foundOf(seen));
    }
  }
  // The split: the one-step volume check of every guess (or only the tuple's own codes when
  // the sizes alone refute every other one).
  Frame& f = frames[depth];
  const double limit = B[tLeft - 1];
  double byVolume = 0;
  const int32_t* reps = nullptr;
  int n = N;
  if (refutesOutside(t, tLeft - 1)) {
    byVolume = N - codes;
    volumeCuts += byVolume;
    reps = t + E + 1;  // the tuple's codes as they stand, level by level
    n = codes;
  }
  // Guesses with a child past b(tLeft - 1) are cut by volume; the others are the open guesses.
  const int live = refuteAll(t, tLeft - 1, reps, n);
  f.open.clear();
  for (int a = 0; a < live; a++) f.open.push_back(Open{openWorst[a], reps ? reps[openBuf[a]] : openBuf[a], a});
  volumeCuts += n - (double)f.open.size();
  byVolume += n - (double)f.open.size();
  std::sort(f.open.begin(), f.open.end());  // by worst, then by guess: the stable order
  if (!f.open.empty() && tLeft - 1 <= 1) {
    won++;
    return WON;
  }
  // The open guesses' bases and sums (children() reads them), before the search below reuses
  // the check's buffers.
  f.base.assign(openBase.begin(), openBase.begin() + live);
  f.sums.assign(openSums.begin(), openSums.begin() + (size_t)live * RC);
  // Each open guess is refuted by its first lost child, heaviest child first; one that is
  // not means the tuple is won. Then the nodes made since this tuple's start are garbage, but
  // for those the remembered tuples hold (made before rememberedNodes); the TypeScript search
  // leaves the same to its garbage collector.
  f.entries.clear();
  const size_t startNodes = proofNodes.size(), startEntries = proofEntries.size();
  int32_t* below = frames[depth + 1].codes.data();
  for (size_t o = 0; o < f.open.size(); o++) {
    const int g = f.open[o].guess;
    children(f, f.open[o], f.kids);
    bool refuted = false;
    for (size_t k = 0; k < f.kids.size(); k++) {
      child(t, g, f.kids[k].answer, below);
      const int32_t sub = lost(depth + 1, tLeft - 1);
      if (sub <= STOP_TIME) return sub;
      if (sub >= 0) {
        f.entries.push_back(Entry{g, f.kids[k].answer, sub});
        refuted = true;
        break;
      }
    }
    if (!refuted) {
      won++;
      release(startNodes, startEntries);
      return WON;
    }
  }
  const int32_t first = (int32_t)proofEntries.size();
  proofEntries.insert(proofEntries.end(), f.entries.begin(), f.entries.end());
  const int32_t node = addNode(KIND_SPLIT, byVolume, limit, first, (int32_t)f.entries.size(), foundDepth(f.entries));
  if (keyed && jsMemoCount + memoCount < MEMO_MAX) {
    const double chars = keyChars(t, tLeft);
    if (jsMemoChars + memoChars + chars <= MEMO_CHARS_MAX) {
      memoInsert(t, tLeft, len, h, node);
      memoChars += chars;
      proofNodes[node].remembered = 1;
      rememberedNodes = proofNodes.size();
      rememberedEntries = proofEntries.size();
    }
  }
  return node;
}

}  // namespace

extern "C" {

/**
 * The game: N codes, answers packed below `slots`, `lies` lies, the packed PA0B, the end rule,
 * the alphabet (`alphabetSize` answers, ascending, at `alphabet`), the answer table (N x N
 * bytes) and the answers each guess may get (N x slots bytes, 0/1), a(k, h) at k * (maxH + 1) + h
 * and b(h) (doubles), the memory's limits (BOUND_MEMO, BOUND_MEMO_CHARS, BOUND_MEMO_MAX_CODES)
 * the progress period (PULSE_NODES) and FOUND_DEPTH_MOST. The buffers are the caller's (gm_alloc) and must stay.
 * Returns 0, or -1 when the game is beyond this core (more than 7 lies or 64 answers).
 */
EMSCRIPTEN_KEEPALIVE int gm_init(int codes, int slots, int lies, int win, int truthful, const int32_t* alphabet,
                                 int alphabetSize, const uint8_t* table, const uint8_t* allowed, const double* aTable,
                                 const double* bTable, int maxH, double memoMax, double memoCharsMax, int memoMaxCodes,
                                 double pulse, int foundMost) {
  if (lies > 6 || slots > 64 || alphabetSize > 64 || maxH + 2 > MAX_FRAMES) return -1;
  N = codes;
  SLOTS = slots;
  E = lies;
  WIN = win;
  TRUTHFUL = truthful != 0;
  ALPHABET.assign(alphabet, alphabet + alphabetSize);
  TABLE = table;
  ALLOWED = allowed;
  MAXH = maxH;
  A.assign(aTable, aTable + (size_t)(lies + 1) * (maxH + 1));
  B.assign(bTable, bTable + maxH + 1);
  MEMO_MAX = memoMax;
  MEMO_CHARS_MAX = memoCharsMax;
  MEMO_MAX_CODES = memoMaxCodes;
  pulseEvery = (int64_t)pulse;
  FOUND_MOST = foundMost;
  frames.clear();
  frames.reserve(MAX_FRAMES);
  for (int i = 0; i < MAX_FRAMES; i++) {
    frames.emplace_back();
    frames.back().codes.resize(N + E + 1);
    frames.back().open.reserve(N);
  }
  RC = 0;
  for (int r : ALPHABET)
    if (r != WIN) PLACE[r] = (uint8_t)RC++;
  PLACE[WIN] = (uint8_t)RC;
  // The table turned around (in blocks, to read and write memory in runs), its answers as places.
  COLUMNS.resize((size_t)N * N);
  const int BLOCK = 64;
  for (int g0 = 0; g0 < N; g0 += BLOCK)
    for (int c0 = 0; c0 < N; c0 += BLOCK)
      for (int g = g0; g < std::min(N, g0 + BLOCK); g++)
        for (int c = c0; c < std::min(N, c0 + BLOCK); c++) COLUMNS[(size_t)c * N + g] = PLACE[TABLE[(size_t)g * N + c]];
  WORDS = (N + 63) / 64;
  PLANES = 1;
  while ((1 << PLANES) <= RC) PLANES++;
  ANSWER_PLANES.assign((size_t)N * WORDS * PLANES, 0);
  planesMade.assign(N, 0);
  keepBuf.assign(WORDS, 0);
  heavyBuf.assign(HEAVY_CODES_MOST, 0);
  levelOf.assign(N, -1);
  sumsBuf.resize((size_t)N * 64);
  openBuf.resize(N);
  groupBuf.resize((size_t)N * 8);
  openWorst.resize(N);
  openBase.resize(N);
  openSums.resize((size_t)N * RC);
  childBuf.resize((size_t)N * 3);
  return 0;
}

EMSCRIPTEN_KEEPALIVE void* gm_alloc(int bytes) { return malloc(bytes); }

/** Where the caller writes a tuple (sizes, then codes) for gm_lost and gm_refute. */
EMSCRIPTEN_KEEPALIVE int32_t* gm_tuple() { return frames[0].codes.data(); }

/**
 * The one-step volume check of guesses reps[0..n) at the tuple in gm_tuple() with h guesses
 * left for the children: out[i], the heaviest child's weight of reps[i] (when within b(h)), else
 * infinity. reps null: every code (n = N), as gm_lost checks them.
 */
EMSCRIPTEN_KEEPALIVE void gm_refute(int h, const int32_t* reps, int n, double* out) {
  const int live = refuteAll(frames[0].codes.data(), h, reps, n);
  for (int i = 0; i < n; i++) out[i] = __builtin_inf();
  for (int a = 0; a < live; a++) out[openBuf[a]] = openWorst[a];
}

/**
 * BoundSearch.lost on the tuple in gm_tuple() with tLeft guesses left (every guess its own
 * class): the proof node's index when lost, -1 when won, -2 at `deadline` (a performance.now()
 * time), -3 when games_pulse asked to stop. `nodesBefore`: the search's positions so far (the
 * pulse comes when they reach a multiple of the period); `jsCount`, `jsChars`: the caller's
 * own remembered tuples and their keys' characters, counted against the memory's limits.
 */
EMSCRIPTEN_KEEPALIVE int32_t gm_lost(int tLeft, double until, double nodesBefore, double jsCount, double jsChars) {
  nodes = nodesBefore;
  volumeCuts = memoHits = won = 0;
  deadline = until;
  jsMemoCount = jsCount;
  jsMemoChars = jsChars;
  return lost(0, tLeft);
}

/**
 * After gm_lost: 0 positions (all, from nodesBefore), 1 volume cuts, 2 memory hits, 3 won, 4
 * remembered tuples, 5 their keys' characters; what is held: 6 proof nodes, 7 entries, 8 the
 * remembered keys' int32s, 9 the memory's slots.
 */
EMSCRIPTEN_KEEPALIVE double gm_stat(int which) {
  switch (which) {
    case 0: return nodes;
    case 1: return volumeCuts;
    case 2: return memoHits;
    case 3: return won;
    case 4: return memoCount;
    case 5: return memoChars;
    case 6: return (double)proofNodes.size();
    case 7: return (double)proofEntries.size();
    case 8: return (double)memoKeys.size();
    case 9: return (double)memo.size();
  }
  return -1;
}

/**
 * The proof nodes (32 bytes each; volume leaves are numbered from 2^30, their weights in
 * gm_leaves) and entries (12 bytes each); valid until the next gm_lost.
 */
EMSCRIPTEN_KEEPALIVE const Node* gm_nodes() { return proofNodes.data(); }
EMSCRIPTEN_KEEPALIVE const double* gm_leaves() { return leaves.data(); }
EMSCRIPTEN_KEEPALIVE const Entry* gm_entries() { return proofEntries.data(); }

/**
 * The proof's size now (as one double: nodes * 2^32 + entries), for
 * gm_release when the tuple the caller searches above the core turns out won.
 */
EMSCRIPTEN_KEEPALIVE double gm_mark() { return (double)proofNodes.size() * 4294967296.0 + (double)proofEntries.size(); }

/** Drops the nodes made since gm_mark() gave `mark`, but for those remembered tuples hold. */
EMSCRIPTEN_KEEPALIVE void gm_release(double mark) {
  const double nodes = __builtin_floor(mark / 4294967296.0);
  release((size_t)nodes, (size_t)(mark - nodes * 4294967296.0));
}

/** Drops the memory of lost tuples and every proof node (BoundSearch.forget). */
EMSCRIPTEN_KEEPALIVE void gm_forget() {
  proofNodes.clear();
  proofEntries.clear();
  leaves.clear();
  leafSlots.clear();
  leafCount = 0;
  rememberedNodes = rememberedEntries = 0;
  memoKeys.clear();
  memo.clear();
  memoCount = 0;
  memoChars = 0;
}

}  // extern "C"
