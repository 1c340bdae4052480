// Belief propagation over the lines of a board, for phase hints to the SAT search.
//
// One line, given a prior probability of black for each cell (and the cells already known),
// weighs each completion by the product of its cells' priors and computes, by forward-backward
// sums over (blocks placed, position), the probability that block j starts at s and that each
// cell is black. Rows take the columns' messages as priors and send back what they add (the
// posterior odds divided by the prior odds), and the other way round, damped, for a few rounds.
// Layers are rescaled as they are computed (log scales), so long lines neither overflow nor
// underflow. A heuristic: nothing here decides anything, it only orders the SAT search.
#pragma once
#include <assert.h>
#include <math.h>

#include <vector>

struct LineCounter {
  // Scratch of one `run` over a line of n cells and k blocks; P = n + 2 positions.
  std::vector<double> f, g;        // (k + 1) x P: forward and backward sums, each layer rescaled to sum 1 (or all 0)
  std::vector<double> logF, logG;  // P: the log of each layer's scale
  std::vector<double> lw;          // n + 1: prefix sums of log black weight, <= 0
  std::vector<double> ww;          // n + 1: white weight per cell in [0, 1] (cell n, the virtual one: 1)
  std::vector<int> whitePrefix;    // n + 1: known-white cells before each position, 0..n

  /**
   * Probabilities for one line: `start[j * n + s]` (block j starts at s) and `black[i]`; known[i]
   * is -1 open, 0 white, 1 black; prior[i] the weight of black in (0, 1). False when no
   * completion fits.
   */
  bool run(int n, const int* c, int k, const int8_t* known, const double* prior, double* start, double* black) {
    assert(n >= 0 && k >= 0);
    for (int j = 0; j < k; j++) assert(c[j] >= 1);
    for (int i = 0; i < n; i++) assert(known[i] >= -1 && known[i] <= 1 && prior[i] > 0 && prior[i] < 1);
    const int P = n + 2;
    f.assign((size_t)(k + 1) * P, 0);
    g.assign((size_t)(k + 1) * P, 0);
    logF.assign(P, 0);
    logG.assign(P, 0);
    lw.assign(n + 1, 0);
    ww.assign(n + 1, 1);
    whitePrefix.assign(n + 1, 0);
    for (int i = 0; i < n; i++) {
      double pb = prior[i], pw = 1 - prior[i];
      const double top = pb > pw ? pb : pw;
      pb /= top;
      pw /= top;
      if (known[i] == 0) pb = 0;
      if (known[i] == 1) pw = 0;
      lw[i + 1] = lw[i] + (pb > 0 ? log(pb) : 0);
      ww[i] = pw;
      whitePrefix[i + 1] = whitePrefix[i] + (known[i] == 0 ? 1 : 0);
    }
    ww[n] = 1;  // the virtual white cell
    // fits(j, s): cells [s, s+c) may be black, cell s+c may be white (or is the end).
    auto fits = [&](int j, int s) {
      const int e = s + c[j];
      return s >= 0 && e <= n && whitePrefix[e] == whitePrefix[s] && (e == n || ww[e] > 0);
    };
    auto blockLog = [&](int j, int s) { return lw[s + c[j]] - lw[s] + (s + c[j] < n ? log(ww[s + c[j]]) : 0); };
    // Forward: f[j][p], prefix [0, p) with j blocks that ends white (or p = 0); layer units logF[p].
    f[0] = 1;
    logF[0] = 0;
    for (int p = 1; p < P; p++) {
      double sum = 0;
      for (int j = 0; j <= k; j++) {
        double v = 0;
        if (ww[p - 1] > 0) v += f[(size_t)j * P + p - 1] * ww[p - 1];
        if (j > 0) {
          const int s = p - 1 - c[j - 1];
          if (fits(j - 1, s)) {
            const double from = f[(size_t)(j - 1) * P + s];
            if (from > 0) v += from * exp(clampExp(logF[s] - logF[p - 1] + blockLog(j - 1, s)));
          }
        }
        f[(size_t)j * P + p] = v;
        sum += v;
      }
      if (!(sum > 0)) {
        logF[p] = logF[p - 1];
        continue;
      }
      for (int j = 0; j <= k; j++) f[(size_t)j * P + p] /= sum;
      logF[p] = logF[p - 1] + log(sum);
    }
    if (!(f[(size_t)k * P + n + 1] > 0)) return false;
    const double logTotal = log(f[(size_t)k * P + n + 1]) + logF[n + 1];
    // Backward: g[j][p], completions of [p, n] from that state; layer units logG[p].
    g[(size_t)k * P + n + 1] = 1;
    logG[n + 1] = 0;
    for (int p = n; p >= 0; p--) {
      double sum = 0;
      for (int j = 0; j <= k; j++) {
        double v = 0;
        if (ww[p] > 0) v += g[(size_t)j * P + p + 1] * ww[p];
        if (j < k && fits(j, p)) {
          const int e = p + c[j] + 1;
          const double to = g[(size_t)(j + 1) * P + e];
          if (to > 0) v += to * exp(clampExp(logG[e] - logG[p + 1] + blockLog(j, p)));
        }
        g[(size_t)j * P + p] = v;
        sum += v;
      }
      if (!(sum > 0)) {
        logG[p] = logG[p + 1];
        continue;
      }
      for (int j = 0; j <= k; j++) g[(size_t)j * P + p] /= sum;
      logG[p] = logG[p + 1] + log(sum);
    }
    for (int i = 0; i < n; i++) black[i] = 0;
    for (int j = 0; j < k; j++) {
      for (int s = 0; s < n; s++) {
        double pr = 0;
        if (fits(j, s)) {
          const int e = s + c[j] + 1;
          const double a = f[(size_t)j * P + s], z = g[(size_t)(j + 1) * P + e];
          if (a > 0 && z > 0) pr = exp(clampExp(log(a) + logF[s] + blockLog(j, s) + log(z) + logG[e] - logTotal));
        }
        if (start) start[(size_t)j * n + s] = pr;
        if (pr > 0)
          for (int t = s; t < s + c[j]; t++) black[t] += pr;
      }
    }
    for (int i = 0; i < n; i++) black[i] = black[i] > 1 ? 1 : black[i];
    return true;
  }

  static double clampExp(double x) { return x > 700 ? 700 : x; }
};

/**
 * Belief propagation on a W x H board: `belief[c]` the probability that cell c is black,
 * `rowStart` / `colStart` each line's start probabilities (k * n per line, concatenated in line
 * order) from the last round. known[c]: -1 open, 0 white, 1 black.
 */
struct Beliefs {
  std::vector<double> belief;               // N: after `run`, each cell's probability of black in [0, 1]
  std::vector<std::vector<double>> starts;  // L: per line, k x n start probabilities in [0, 1] (all 0: no completion)
  LineCounter counter;                      // the scratch of each line's count

  void run(int W, int H, const std::vector<int>& lineLen, const std::vector<int>& clueAt, const std::vector<int>& clueCount,
           const std::vector<int>& clues, const std::vector<int8_t>& known, int rounds, double damping) {
    assert(W >= 0 && H >= 0 && rounds >= 1 && damping >= 0 && damping < 1);
    const int N = W * H, L = W + H;
    assert((int)known.size() == N && (int)lineLen.size() == L);
    std::vector<double> fromRows(N, 0.5), fromCols(N, 0.5);
    starts.assign(L, std::vector<double>());
    std::vector<int8_t> kl;
    std::vector<double> prior, black;
    auto pass = [&](bool rows, bool last) {
      const int lines = rows ? H : W;
      for (int i = 0; i < lines; i++) {
        const int l = rows ? i : H + i, n = lineLen[l], k = clueCount[l];
        kl.resize(n);
        prior.resize(n);
        black.resize(n);
        for (int t = 0; t < n; t++) {
          const int c = rows ? i * W + t : t * W + i;
          kl[t] = known[c];
          prior[t] = rows ? fromCols[c] : fromRows[c];
        }
        if (last) starts[l].assign((size_t)k * n, 0);
        if (!counter.run(n, clues.data() + clueAt[l], k, kl.data(), prior.data(), last ? starts[l].data() : nullptr, black.data())) continue;
        for (int t = 0; t < n; t++) {
          const int c = rows ? i * W + t : t * W + i;
          const double q = clamp(black[t]), p = prior[t];
          // What this line adds: posterior odds over prior odds.
          const double y = q * (1 - p), z = (1 - q) * p;
          const double m = clamp(y / (y + z));
          double& out = rows ? fromRows[c] : fromCols[c];
          out = damping * out + (1 - damping) * m;
        }
      }
    };
    for (int r = 0; r < rounds; r++) {
      const bool last = r == rounds - 1;
      pass(true, last);
      pass(false, last);
    }
    belief.assign(N, 0.5);
    for (int c = 0; c < N; c++) {
      if (known[c] >= 0) {
        belief[c] = known[c];
        continue;
      }
      const double a = fromRows[c], b = fromCols[c];
      const double y = a * b, z = (1 - a) * (1 - b);
      belief[c] = y + z > 0 ? y / (y + z) : 0.5;
    }
  }
  static double clamp(double x) { return x < 1e-4 ? 1e-4 : x > 1 - 1e-4 ? 1 - 1e-4 : x; }
};
