// A line of up to 64*NW cells as a bit set: bit i is cell i. Every operation is a loop over
// the words that the compiler unrolls; NW = 1 compiles to plain 64-bit arithmetic.
//
// Preconditions are asserts (compiled out by -DNDEBUG in core.wasm, live in the native debug
// build of test/coreNative.test.ts): a cell index is within the 64 * NW bits.
#pragma once
#include <assert.h>
#include <stdint.h>

template <int NW>
struct Mask {
  static_assert(NW >= 1 && NW <= 16, "1 to 16 words: lines up to 1022 cells");
  uint64_t w[NW];  // bit i of word j is cell 64 * j + i; any bits

  static Mask none() {
    Mask m;
    for (int i = 0; i < NW; i++) m.w[i] = 0;
    return m;
  }
  /** Bits [0, n). */
  static Mask first(int n) {
    assert(n >= 0 && n <= 64 * NW);
    Mask m;
    for (int i = 0; i < NW; i++) {
      int lo = 64 * i;
      m.w[i] = n >= lo + 64 ? ~0ull : n <= lo ? 0 : (1ull << (n - lo)) - 1;
    }
    return m;
  }
  static Mask single(int i) {
    assert(i >= 0 && i < 64 * NW);
    Mask m = none();
    m.w[i >> 6] = 1ull << (i & 63);
    return m;
  }

  bool has(int i) const {
    assert(i >= 0 && i < 64 * NW);
    return (w[i >> 6] >> (i & 63)) & 1;
  }
  void set(int i) {
    assert(i >= 0 && i < 64 * NW);
    w[i >> 6] |= 1ull << (i & 63);
  }
  bool empty() const {
    uint64_t a = 0;
    for (int i = 0; i < NW; i++) a |= w[i];
    return a == 0;
  }
  bool operator==(const Mask& o) const {
    for (int i = 0; i < NW; i++)
      if (w[i] != o.w[i]) return false;
    return true;
  }
  bool operator!=(const Mask& o) const { return !(*this == o); }
  /** Every bit of this is in `o`. */
  bool subsetOf(const Mask& o) const {
    for (int i = 0; i < NW; i++)
      if (w[i] & ~o.w[i]) return false;
    return true;
  }
  /** No bit at n or above (a line of n cells). */
  bool within(int n) const { return subsetOf(first(n)); }
  int count() const {
    int c = 0;
    for (int i = 0; i < NW; i++) c += __builtin_popcountll(w[i]);
    return c;
  }
  /** Index of the lowest bit, -1 when empty. */
  int lowest() const {
    for (int i = 0; i < NW; i++)
      if (w[i]) return 64 * i + __builtin_ctzll(w[i]);
    return -1;
  }
  /** Index of the highest bit, -1 when empty. */
  int highest() const {
    for (int i = NW - 1; i >= 0; i--)
      if (w[i]) return 64 * i + 63 - __builtin_clzll(w[i]);
    return -1;
  }

  Mask operator&(const Mask& o) const {
    Mask r;
    for (int i = 0; i < NW; i++) r.w[i] = w[i] & o.w[i];
    return r;
  }
  Mask operator|(const Mask& o) const {
    Mask r;
    for (int i = 0; i < NW; i++) r.w[i] = w[i] | o.w[i];
    return r;
  }
  Mask operator^(const Mask& o) const {
    Mask r;
    for (int i = 0; i < NW; i++) r.w[i] = w[i] ^ o.w[i];
    return r;
  }
  Mask operator~() const {
    Mask r;
    for (int i = 0; i < NW; i++) r.w[i] = ~w[i];
    return r;
  }
  /** this AND NOT o */
  Mask minus(const Mask& o) const {
    Mask r;
    for (int i = 0; i < NW; i++) r.w[i] = w[i] & ~o.w[i];
    return r;
  }
  Mask& operator&=(const Mask& o) { return *this = *this & o; }
  Mask& operator|=(const Mask& o) { return *this = *this | o; }

  /** Towards higher cells (bit i -> bit i + k); bits past the top are lost. */
  Mask up(int k) const {
    assert(k >= 0);
    if (NW == 1) {
      Mask r;
      r.w[0] = k >= 64 ? 0 : w[0] << k;
      return r;
    }
    Mask r = none();
    const int ws = k >> 6, bs = k & 63;
    for (int i = NW - 1; i >= ws; i--) {
      uint64_t v = w[i - ws] << bs;
      if (bs && i - ws > 0) v |= w[i - ws - 1] >> (64 - bs);
      r.w[i] = v;
    }
    return r;
  }
  /** Towards lower cells (bit i -> bit i - k). */
  Mask down(int k) const {
    assert(k >= 0);
    if (NW == 1) {
      Mask r;
      r.w[0] = k >= 64 ? 0 : w[0] >> k;
      return r;
    }
    Mask r = none();
    const int ws = k >> 6, bs = k & 63;
    for (int i = 0; i + ws < NW; i++) {
      uint64_t v = w[i + ws] >> bs;
      if (bs && i + ws + 1 < NW) v |= w[i + ws + 1] << (64 - bs);
      r.w[i] = v;
    }
    return r;
  }
  /** Sum as one 64*NW-bit integer (carries cross words; the top carry is lost). */
  Mask plus(const Mask& o) const {
    Mask r;
    uint64_t carry = 0;
    for (int i = 0; i < NW; i++) {
      uint64_t a = w[i], s = a + o.w[i];
      uint64_t c1 = s < a;
      uint64_t t = s + carry;
      r.w[i] = t;
      carry = c1 | (t < s);
    }
    return r;
  }
  template <class F>
  void forEach(F f) const {
    for (int i = 0; i < NW; i++) {
      uint64_t x = w[i];
      while (x) {
        f(64 * i + __builtin_ctzll(x));
        x &= x - 1;
      }
    }
  }
};
