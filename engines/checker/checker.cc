// The proof checker's kernel: the hot loops of the independent lower-bound proof checker
// (src/games/check/ProofGame.ts and verifyProof.ts), compiled to WebAssembly for
// src/games/check/ProofKernel.ts. It is the checker's own code written again in C++, from the
// proof format's definition (docs/GAMES.md, "Lower-bound proofs") and the TypeScript checker,
// and shares nothing with the search that writes proofs (engines/games/): not a line, not a
// table. The answer table, the answers each guess may get and the volume numbers a(k, h), b(h)
// are the TypeScript checker's own, copied in by ProofKernel.ts.
//
// Two questions are asked of it, each about one tuple (written by the caller into ck_tuple()):
//
// - ck_over: which of some guesses have a child heavier than a cap (the one-step volume
//   refutation), exactly as ProofGame.guessesOver;
// - ck_found: whether some answer to a guess leaves a tuple that is lost, at every guess, by
//   volume one step ahead, or (depth d > 1) by such an answer found in turn d - 1 levels down:
//   verifyProof's someChildFound, answers heaviest child first, the same splits counted.
//
// A tuple crosses as int32s: the sizes of its E + 1 levels (level j: the codes with j lies
// used), then their codes, each level ascending. Weights are 64-bit integers: the TypeScript
// checker's are doubles that it holds exact (every volume number below 2^53), so the same sums
// give the same comparisons.
//
// Call order: ck_alloc for the buffers ck_init reads, ck_init once per game; then any number of
// ck_over and ck_found, each after writing its tuple to ck_tuple().
#include <emscripten.h>
#include <stdint.h>
#include <stdlib.h>

namespace {

// The deepest ck_found goes below the tuple it is given (verifyProof's MARKS: `~` is 3).
const int FOUND_DEPTH_MAX = 3;
// Frames: the caller's tuple, then one per level of ck_found.
const int FRAMES = FOUND_DEPTH_MAX + 2;
// Levels of a tuple: lies + 1, at most this (ck_init refuses more lies).
const int LEVELS_MAX = 6;

int N = 0;          // codes
int SLOTS = 0;      // packed answers: (P + 1)^2
int E = 0;          // lies
int WIN = 0;        // the packed answer PA0B
bool TRUTHFUL = true;
bool ANY_RULE = true;  // every answer of the alphabet may be given to every guess
int R = 0;          // answers in the alphabet
int MAXH = 0;
const uint8_t* answers = nullptr;  // answers[g * N + c], symmetric
const uint8_t* allowed = nullptr;  // allowed[g * SLOTS + r]
int32_t* alphabet = nullptr;
int64_t* A = nullptr;  // A[k * (MAXH + 1) + h] = a(k, h)
int64_t* B = nullptr;  // B[h] = b(h)

struct Tuple {
  int32_t len[LEVELS_MAX];  // E + 1 used
  int32_t* level[LEVELS_MAX];
};

struct Frame {
  Tuple tuple;          // this frame's tuple (frame 0: the caller's)
  int32_t* store;       // its codes, N per level
  int32_t* codes;       // the guesses weighed at it
  int32_t* left;        // those not over
  int64_t* weights;     // a guess's children's weights, by answer
  int32_t* order;       // the answers to try, heaviest child first
};

Frame frames[FRAMES];
int32_t* input = nullptr;  // ck_tuple(): sizes, then codes

// ck_over's buffers (not re-entered: each call ends before the next starts).
int32_t* openList = nullptr;
int32_t* openGuess = nullptr;
int64_t* room = nullptr;
int8_t* levelOf = nullptr;  // -1 between calls
bool SMALL_SUMS = false;    // every sum fits 32 bits
int32_t* sums32 = nullptr;  // R per guess
int64_t* sums64 = nullptr;
// dense[g * N + c]: the answer between g and c as its place in the alphabet; DWIN is PA0B's.
// denseAllowed[g * R + d]: whether g may get the answer at place d.
uint8_t* dense = nullptr;
uint8_t* denseAllowed = nullptr;
int DWIN = -1;
uint8_t* overOf = nullptr;

// What the kernel did (ck_stat): tuples weighed, their guesses weighed one by one, and those
// weighings where the pigeonhole rule left every code to weigh.
double statWeighings = 0, statGuesses = 0, statWhole = 0;

int64_t weightOf(int k, int h) { return A[k * (MAXH + 1) + h]; }

// What a code at level j weighs with h left where it moves up (every child but its answer's).
int64_t upWeight(int j, int h) { return j < E ? weightOf(E - j - 1, h) : 0; }

// What it adds to its own answer's child, over upWeight.
int64_t gain(int j, int h) { return weightOf(E - j, h) - upWeight(j, h); }

int64_t movedUp(const Tuple& t, int h) {
  int64_t up = 0;
  for (int j = 0; j <= E; j++) up += t.len[j] * upWeight(j, h);
  return up;
}

int total(const Tuple& t) {
  int n = 0;
  for (int j = 0; j <= E; j++) n += t.len[j];
  return n;
}

// Every guess outside the tuple has a child over cap (ProofGame.everyGuessOutsideOver): no
// code answers it PA0B, so its children weigh movedUp plus gains that add up to G over at
// most k = min(m, R - 1) answers (m codes), the largest at least ceil(G / k) and at least the
// largest gain of one code.
bool everyOutsideOver(const Tuple& t, int h, int64_t cap) {
  if (R < 2) return false;
  int64_t gains = 0, largest = 0;
  int m = 0;
  for (int j = 0; j <= E; j++) {
    if (t.len[j] == 0) continue;
    int64_t g1 = gain(j, h);
    gains += t.len[j] * g1;
    m += t.len[j];
    if (g1 > largest) largest = g1;
  }
  if (m == 0) return movedUp(t, h) > cap;
  int64_t k = m < R - 1 ? m : R - 1;
  int64_t spread = (gains + k - 1) / k;
  return movedUp(t, h) + (spread > largest ? spread : largest) > cap;
}

// The guesses to weigh one by one (verifyProof.weighed): the tuple's codes, ascending, when
// the rule above refutes the rest; else every code. Returns how many, written to `out`.
int weighed(const Tuple& t, int h, int64_t cap, int32_t* out) {
  statWeighings++;
  if (!everyOutsideOver(t, h, cap)) {
    statWhole++;
    statGuesses += N;
    for (int c = 0; c < N; c++) out[c] = c;
    return N;
  }
  // A code is on one level at most: merge the ascending levels.
  int n = 0;
  int at[LEVELS_MAX] = {0};
  for (;;) {
    int best = -1;
    for (int j = 0; j <= E; j++) {
      if (at[j] < t.len[j] && (best < 0 || t.level[j][at[j]] < t.level[best][at[best]])) best = j;
    }
    if (best < 0) break;
    out[n++] = t.level[best][at[best]++];
  }
  statGuesses += n;
  return n;
}

// Which of guesses[0..n) have a child heavier than cap, h guesses left for the children:
// overOf[i] (ProofGame.guessesOver). Child r of g weighs base(g) + s(r): base(g) every code
// moved up (less g's own under the truthful end), s(r) the gains of the codes answering r,
// counting only answers g may get and not PA0B. Code by code over the guesses still open; a
// guess leaves the list once one sum passes its room. Answers are indexed densely here (the
// alphabet's order), and the sums are S: 32-bit where no tuple can weigh 2^31 (ck_init).
template <typename S>
void guessesOverIn(const Tuple& t, const int32_t* guesses, int n, int h, int64_t cap, S* sum) {
  int64_t up = movedUp(t, h);
  for (int j = 0; j <= E; j++)
    for (int k = 0; k < t.len[j]; k++) levelOf[t.level[j][k]] = (int8_t)j;
  int live = 0;
  for (int i = 0; i < n; i++) {
    int g = guesses[i];
    int64_t base = (TRUTHFUL && levelOf[g] >= 0) ? up - upWeight(levelOf[g], h) : up;
    room[i] = cap - base;
    overOf[i] = room[i] < 0 ? 1 : 0;
    if (!overOf[i]) {
      openList[live] = i;
      openGuess[live++] = g;
      for (S* p = sum + (size_t)i * R, *end = p + R; p < end; p++) *p = 0;
    }
  }
  for (int j = 0; j <= E; j++)
    for (int k = 0; k < t.len[j]; k++) levelOf[t.level[j][k]] = -1;
  for (int j = 0; j <= E && live > 0; j++) {
    int64_t g1 = gain(j, h);
    if (g1 == 0) continue;
    S add = (S)g1;
    for (int k = 0; k < t.len[j] && live > 0; k++) {
      const uint8_t* row = dense + (size_t)t.level[j][k] * N;
      int m = 0;
      for (int x = 0; x < live; x++) {
        int i = openList[x];
        int g = openGuess[x];
        int d = row[g];
        if (d != DWIN && (ANY_RULE || denseAllowed[g * R + d])) {
          S v = (sum[(size_t)i * R + d] += add);
          if (v > room[i]) {
            overOf[i] = 1;
            continue;
          }
        }
        openList[m] = i;
        openGuess[m++] = g;
      }
      live = m;
    }
  }
}

void guessesOver(const Tuple& t, const int32_t* guesses, int n, int h, int64_t cap) {
  if (SMALL_SUMS) guessesOverIn<int32_t>(t, guesses, n, h, cap, sums32);
  else guessesOverIn<int64_t>(t, guesses, n, h, cap, sums64);
}

// The tuple after guess g is answered r (ProofGame.update): a code answering r keeps its
// level, any other moves up one (out past E); g itself leaves under the truthful end. Level j
// of the child merges two ascending runs: level j's codes answering r, level j - 1's not.
void update(const Tuple& t, int g, int r, Tuple& out) {
  const uint8_t* row = answers + (size_t)g * N;
  for (int j = 0; j <= E; j++) {
    const int32_t* stay = t.level[j];
    int ns = t.len[j];
    const int32_t* up = j > 0 ? t.level[j - 1] : nullptr;
    int nu = j > 0 ? t.len[j - 1] : 0;
    int32_t* o = out.level[j];
    int p = 0, q = 0, n = 0;
    for (;;) {
      while (p < ns && row[stay[p]] != r) p++;
      while (q < nu && (row[up[q]] == r || (up[q] == g && TRUTHFUL))) q++;
      if (p >= ns && q >= nu) break;
      if (q >= nu || (p < ns && stay[p] < up[q])) o[n++] = stay[p++];
      else o[n++] = up[q++];
    }
    out.len[j] = n;
  }
}

// Children's weights of guess x by answer, h left for them (ProofGame.childWeights).
void childWeights(const Tuple& t, int x, int h, int64_t* into) {
  const uint8_t* row = answers + (size_t)x * N;
  int64_t base = movedUp(t, h);
  for (int r = 0; r < SLOTS; r++) into[r] = 0;
  for (int j = 0; j <= E; j++) {
    int64_t g1 = gain(j, h);
    for (int k = 0; k < t.len[j]; k++) {
      int r = row[t.level[j][k]];
      if (r != WIN) into[r] += g1;
      else if (TRUTHFUL) base -= upWeight(j, h);
    }
  }
  for (int r = 0; r < SLOTS; r++) into[r] += base;
}

// verifyProof.someChildFound on frame f's tuple: the splits proven (0: no answer found).
int found(int f, int x, int t, int depth) {
  if (t < 1) return 0;
  Frame& me = frames[f];
  Frame& next = frames[f + 1];
  childWeights(me.tuple, x, t, me.weights);
  int n = 0;
  for (int i = 0; i < R; i++) {
    int r = alphabet[i];
    if (r == WIN || !allowed[x * SLOTS + r]) continue;
    // Heaviest child first, then the smaller answer: insertion into the sorted prefix.
    int at = n++;
    while (at > 0) {
      int q = me.order[at - 1];
      if (me.weights[q] > me.weights[r] || (me.weights[q] == me.weights[r] && q < r)) break;
      me.order[at] = q;
      at--;
    }
    me.order[at] = r;
  }
  int64_t cap = B[t - 1];
  for (int i = 0; i < n; i++) {
    update(me.tuple, x, me.order[i], next.tuple);
    if (total(next.tuple) == 0) continue;
    int m = weighed(next.tuple, t - 1, cap, next.codes);
    guessesOver(next.tuple, next.codes, m, t - 1, cap);
    int nl = 0;
    for (int k = 0; k < m; k++)
      if (!overOf[k]) next.left[nl++] = next.codes[k];
    if (nl == 0) return 1;
    if (depth == 1) continue;
    int splits = 1;
    for (int k = 0; k < nl; k++) {
      int below = found(f + 1, next.left[k], t - 1, depth - 1);
      if (below == 0) {
        splits = 0;
        break;
      }
      splits += below;
    }
    if (splits > 0) return splits;
  }
  return 0;
}

void readInput(Tuple& t) {
  const int32_t* p = input + E + 1;
  for (int j = 0; j <= E; j++) {
    t.len[j] = input[j];
    for (int k = 0; k < t.len[j]; k++) t.level[j][k] = p[k];
    p += t.len[j];
  }
}

template <typename T>
T* cells(int64_t n) {
  return static_cast<T*>(malloc((size_t)(n > 0 ? n : 1) * sizeof(T)));
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE void* ck_alloc(int bytes) { return malloc(bytes); }

// The game: N codes, their answer table (N * N bytes), the answers each guess may get
// (N * slots bytes), the alphabet (R int32s), a(k, h) for k <= lies and h <= maxH, and b(h)
// (doubles, whole numbers below 2^53). anyRule: every answer of the alphabet is allowed to
// every guess. 1 when set up; 0 when the game is past this kernel (too many lies).
EMSCRIPTEN_KEEPALIVE int ck_init(int codes, int slots, int lies, int win, int truthful, int anyRule,
                                 const int32_t* alpha, int alphabetSize, const uint8_t* table,
                                 const uint8_t* allowedTable, const double* a, const double* b, int maxH) {
  if (lies < 0 || lies >= LEVELS_MAX || codes < 1) return 0;
  N = codes;
  SLOTS = slots;
  E = lies;
  WIN = win;
  TRUTHFUL = truthful != 0;
  ANY_RULE = anyRule != 0;
  R = alphabetSize;
  MAXH = maxH;
  answers = table;
  allowed = allowedTable;
  alphabet = cells<int32_t>(R);
  for (int i = 0; i < R; i++) alphabet[i] = alpha[i];
  A = cells<int64_t>((int64_t)(E + 1) * (MAXH + 1));
  for (int i = 0; i < (E + 1) * (MAXH + 1); i++) A[i] = (int64_t)a[i];
  B = cells<int64_t>(MAXH + 1);
  for (int h = 0; h <= MAXH; h++) B[h] = (int64_t)b[h];
  input = cells<int32_t>((int64_t)(E + 1) * (N + 1));
  for (int f = 0; f < FRAMES; f++) {
    Frame& fr = frames[f];
    fr.store = cells<int32_t>((int64_t)(E + 1) * N);
    for (int j = 0; j <= E; j++) {
      fr.tuple.level[j] = fr.store + (size_t)j * N;
      fr.tuple.len[j] = 0;
    }
    fr.codes = cells<int32_t>(N);
    fr.left = cells<int32_t>(N);
    fr.weights = cells<int64_t>(SLOTS);
    fr.order = cells<int32_t>(SLOTS);
  }
  openList = cells<int32_t>(N);
  openGuess = cells<int32_t>(N);
  room = cells<int64_t>(N);
  levelOf = cells<int8_t>(N);
  for (int c = 0; c < N; c++) levelOf[c] = -1;
  // A sum is at most the tuple's weight: N codes of a(E, h) at most.
  int64_t heaviest = 0;
  for (int i = 0; i < (E + 1) * (MAXH + 1); i++) heaviest = A[i] > heaviest ? A[i] : heaviest;
  SMALL_SUMS = heaviest * (int64_t)N < ((int64_t)1 << 31);
  if (SMALL_SUMS) sums32 = cells<int32_t>((int64_t)N * R);
  else sums64 = cells<int64_t>((int64_t)N * R);
  int placeOf[256];
  for (int r = 0; r < 256; r++) placeOf[r] = -1;
  for (int i = 0; i < R; i++) placeOf[alphabet[i]] = i;
  DWIN = placeOf[WIN];
  dense = cells<uint8_t>((int64_t)N * N);
  for (int64_t i = 0; i < (int64_t)N * N; i++) dense[i] = (uint8_t)placeOf[answers[i]];
  denseAllowed = cells<uint8_t>((int64_t)N * R);
  for (int g = 0; g < N; g++)
    for (int i = 0; i < R; i++) denseAllowed[g * R + i] = allowed[g * SLOTS + alphabet[i]];
  overOf = cells<uint8_t>(N);
  return 1;
}

// Where the caller writes the tuple of the next call: E + 1 sizes, then the codes.
EMSCRIPTEN_KEEPALIVE int32_t* ck_tuple() { return input; }

// Which of the n guesses at `guesses` have a child heavier than cap (h left for the children):
// returns where the flags are (one byte each, valid until the next call).
EMSCRIPTEN_KEEPALIVE const uint8_t* ck_over(const int32_t* guesses, int n, int h, double cap) {
  Tuple& t = frames[0].tuple;
  readInput(t);
  guessesOver(t, guesses, n, h, (int64_t)cap);
  return overOf;
}

// Whether some answer to guess x leaves a tuple, with t guesses left, lost by volume one step
// ahead at every guess, or (depth > 1) so or by an answer found so in turn: the splits proven,
// 0 when none was found. depth is 1 to 3.
EMSCRIPTEN_KEEPALIVE int ck_found(int x, int t, int depth) {
  if (depth < 1 || depth > FOUND_DEPTH_MAX || t > MAXH) return -1;
  readInput(frames[0].tuple);
  return found(0, x, t, depth);
}

// What the kernel did so far: 0 tuples weighed in ck_found, 1 guesses weighed one by one
// there, 2 tuples where every code was weighed.
EMSCRIPTEN_KEEPALIVE double ck_stat(int which) { return which == 0 ? statWeighings : which == 1 ? statGuesses : statWhole; }

}  // extern "C"
