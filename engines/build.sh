#!/usr/bin/env bash
# Builds engines/minisat.wasm and engines/cadical.wasm from Debian's source packages, and
# engines/core.wasm, engines/games.wasm and engines/checker.wasm from our own source in
# engines/core/, engines/games/ and engines/checker/, with Debian's emscripten, and writes
# engines/SHA256SUMS and engines/INPUTS.sha256 (what the build read from this repository).
# Runs as root on Debian bookworm: it installs what is missing (emscripten, dpkg-dev) and adds
# deb-src sources for bookworm (MiniSat) and trixie (CaDiCaL) if apt lacks them. See
# engines/README.md.
#
#   engines/build.sh              build into engines/ (a temporary work folder, removed after)
#   ONLY=core engines/build.sh    build core.wasm only (no source packages needed, about 20 s)
#   ONLY=games engines/build.sh   build games.wasm only (no source packages needed, about 5 s)
#   ONLY=checker engines/build.sh build checker.wasm only (no source packages needed, about 3 s)
#   OUT=/tmp/x engines/build.sh   write the .wasm files, SHA256SUMS and INPUTS.sha256 to /tmp/x
#   WORK=/tmp/w engines/build.sh  build in /tmp/w (kept), e.g. to check that two builds from
#                                 different folders give byte-identical .wasm files
#   SOURCES=dir engines/build.sh  take the source packages' files from dir instead of apt
#                                 (e.g. from snapshot.debian.org: engines/README.md)
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$HERE}

# The exact Debian versions the committed .wasm files were built from, and the SHA-256 of the
# file taken from each (as listed in Debian's signed Sources index).
MINISAT_SRC=minisat2
MINISAT_VERSION=1:2.2.1-5 # bookworm; the whole source package, with Debian's patches
MINISAT_DSC=minisat2_2.2.1-5.dsc
MINISAT_DSC_SHA256=fe24f45d00dda1c04089c60711d64d155ed3e6d0172a65aff6df5f39e8f7299a
CADICAL_SRC=cadical
CADICAL_VERSION=1.7.4-1 # trixie; the upstream tarball of the source package
CADICAL_TAR=cadical_1.7.4.orig.tar.gz
CADICAL_TAR_SHA256=866c8a1332ff1ad5dc7ad403bdef3164420f3f947816b5c9509aad1d18ada7a1
EMSCRIPTEN_VERSION=3.1.6~dfsg-5

export DEBIAN_FRONTEND=noninteractive

# What is missing and what to do, on one line; then stop.
fail() {
  echo "build.sh: $*" >&2
  exit 1
}

need_update=1
apt_update() {
  if [ "$need_update" = 1 ]; then
    # A mirror that cannot be reached shows below, as what is then missing.
    apt-get update -qq >/dev/null 2>&1 || true
    need_update=0
  fi
}

ONLY=${ONLY:-}
if [ -n "$ONLY" ] && [ "$ONLY" != core ] && [ "$ONLY" != games ] && [ "$ONLY" != checker ]; then
  echo "build.sh: ONLY=$ONLY: only 'core', 'games' or 'checker' can be built alone" >&2
  exit 2
fi

# 1. Tools: Debian's emscripten, and dpkg-source (dpkg-dev) for the source packages.
missing=()
command -v em++ >/dev/null || missing+=("em++ (package emscripten)")
[ -n "$ONLY" ] || command -v dpkg-source >/dev/null || missing+=("dpkg-source (package dpkg-dev)")
if [ ${#missing[@]} -gt 0 ]; then
  apt_update
  log=$(apt-get install -y -qq emscripten dpkg-dev 2>&1 >/dev/null) || {
    log=${log%$'\n'}
    fail "missing ${missing[*]}, and 'apt-get install emscripten dpkg-dev' failed (${log##*$'\n'}): run build.sh as root on Debian bookworm, or install Debian's emscripten $EMSCRIPTEN_VERSION and dpkg-dev first"
  }
fi
have=$(dpkg-query -W -f '${Version}' emscripten 2>/dev/null || echo "(not Debian's)")
if [ "$have" != "$EMSCRIPTEN_VERSION" ]; then
  echo "build.sh: emscripten $have is installed; the committed engines were built with $EMSCRIPTEN_VERSION" >&2
  echo "build.sh: (the .wasm files will differ from SHA256SUMS in the repository)" >&2
fi
# Debian's emscripten runs its JavaScript tools with whatever `node` is on PATH, which here is
# not Debian's: it needs NODE_PATH to find Debian's acorn and friends.
export NODE_PATH=/usr/share/nodejs

# 2. Source packages (not for ONLY=core): from apt, after adding a deb-src stanza for bookworm
# and trixie beside the image's deb822 sources if apt does not know both versions; or the files
# themselves from SOURCES=dir.
SOURCES=${SOURCES:-}
has_source() { apt-cache showsrc "$1" 2>/dev/null | grep -x "Version: $2" >/dev/null; } # not -q: pipefail
if [ -z "$ONLY" ] && [ -z "$SOURCES" ]; then
  if ! has_source "$MINISAT_SRC" "$MINISAT_VERSION" || ! has_source "$CADICAL_SRC" "$CADICAL_VERSION"; then
    stanza=/etc/apt/sources.list.d/nonocrypt-deb-src.sources
    echo "build.sh: writing $stanza (deb-src for bookworm and trixie)" >&2
    printf '%s\n' 'Types: deb-src' 'URIs: http://deb.debian.org/debian' 'Suites: bookworm trixie' \
      'Components: main' 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg' 2>/dev/null >"$stanza" ||
      fail "apt lacks the source packages and $stanza cannot be written: run build.sh as root, or give the files with SOURCES=dir (engines/README.md)"
    need_update=1
    apt_update
  fi
  for pkg in "$MINISAT_SRC $MINISAT_VERSION" "$CADICAL_SRC $CADICAL_VERSION"; do
    # shellcheck disable=SC2086
    has_source $pkg ||
      fail "apt knows no source package $pkg (mirror unreachable, or it no longer carries that version): take its files from snapshot.debian.org and run SOURCES=dir engines/build.sh (engines/README.md)"
  done
fi

if [ -n "${WORK:-}" ]; then
  mkdir -p "$WORK"
  WORK=$(cd "$WORK" && pwd)
else
  WORK=$(mktemp -d)
  trap 'rm -rf "$WORK"' EXIT
fi
cd "$WORK"
rm -rf src obj out && mkdir -p src obj out obj/core obj/games obj/checker
wasm=()

# 3. Compile. Build paths are mapped away so that the output does not depend on $WORK.
CXXFLAGS=(-O3 -DNDEBUG -std=c++11 "-ffile-prefix-map=$WORK=/build" "-ffile-prefix-map=$HERE=/engines")
# Each instance gets its own WebAssembly.Memory from JavaScript (IMPORTED_MEMORY), grown by
# our JavaScript (emscripten_resize_heap) up to the instance's cap. The stack comes first in
# memory, so an overflow leaves memory (a trap) instead of overwriting data. No filesystem, no
# emscripten JavaScript: the loader is src/sat/wasmEngine.ts.
LDFLAGS=(-O3 -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=4GB -sINITIAL_MEMORY=2MB -sTOTAL_STACK=1MB
  -sIMPORTED_MEMORY=1 -sFILESYSTEM=0 -sWASM_BIGINT=1 -sDECLARE_ASM_MODULE_EXPORTS=0
  -sEXPORTED_FUNCTIONS=_malloc,_free -Wl,--stack-first)

# The nonogram core: our own code (engines/core/). Its sources' SHA-256 is compiled in
# (core_source_hash), so a test can tell a core.wasm built from other sources. The search
# recurses once per branch: a 4 MiB stack.
if [ -z "$ONLY" ] || [ "$ONLY" = core ]; then
  CORE_HASH=$(cd "$HERE/core" && cat $(ls *.h *.cc | LC_ALL=C sort) | sha256sum | cut -c1-64)
  (cd obj/core && em++ "${CXXFLAGS[@]}" -std=c++17 -DCORE_SOURCE_HASH="\"$CORE_HASH\"" -c "$HERE/core/api.cc")
  em++ "${LDFLAGS[@]}" -sINITIAL_MEMORY=8MB -sTOTAL_STACK=4MB obj/core/api.o -o out/core.js
  wasm+=(core.wasm)
fi

# The games core: our own code (engines/games/), the lower-bound search of Mastermind and the
# AB game with lies (src/games/build/GamesCore.ts). Its recursion is at most 41 deep: the
# SAT engines' 1 MiB stack. -fno-builtin: small clearing loops stay inline stores (as memset
# calls they took 11 % of the search); bulk memory: copies and the one large clearing are one
# instruction each, not a call out to JavaScript (engines/README.md).
if [ -z "$ONLY" ] || [ "$ONLY" = games ]; then
  (cd obj/games && em++ "${CXXFLAGS[@]}" -std=c++17 -fno-builtin -mbulk-memory -c "$HERE/games/games.cc")
  em++ "${LDFLAGS[@]}" -mbulk-memory obj/games/games.o -o out/games.js
  wasm+=(games.wasm)
fi

# The proof checker's kernel: our own code (engines/checker/), the hot loops of the independent
# lower-bound proof checker (src/games/check/ProofKernel.ts), written apart from the games core
# and sharing no code with it. Its recursion is at most 4 deep.
if [ -z "$ONLY" ] || [ "$ONLY" = checker ]; then
  (cd obj/checker && em++ "${CXXFLAGS[@]}" -std=c++17 -fno-builtin -mbulk-memory -c "$HERE/checker/checker.cc")
  em++ "${LDFLAGS[@]}" -mbulk-memory obj/checker/checker.o -o out/checker.js
  wasm+=(checker.wasm)
fi

if [ -z "$ONLY" ]; then
  # MiniSat: the whole source package (dpkg-source applies Debian's patches). CaDiCaL: the
  # upstream tarball of its source package (Debian's packaging only builds it natively). Each
  # file named above must have the SHA-256 pinned there.
  if [ -n "$SOURCES" ]; then
    for f in "$MINISAT_DSC" "$CADICAL_TAR"; do
      [ -f "$SOURCES/$f" ] || fail "SOURCES=$SOURCES has no $f (engines/README.md lists the files to take from snapshot.debian.org)"
    done
    cp "$SOURCES"/minisat2_2.2.1* "$SOURCES/$CADICAL_TAR" src/
  else
    (cd src && apt-get source -qq --download-only "$MINISAT_SRC=$MINISAT_VERSION" >/dev/null 2>&1 &&
      apt-get source -qq --download-only --tar-only "$CADICAL_SRC=$CADICAL_VERSION" >/dev/null 2>&1) ||
      fail "apt-get source could not download $MINISAT_SRC $MINISAT_VERSION and $CADICAL_SRC $CADICAL_VERSION (mirror unreachable?): take the files from snapshot.debian.org and run SOURCES=dir engines/build.sh (engines/README.md)"
  fi
  (cd src && printf '%s  %s\n' "$MINISAT_DSC_SHA256" "$MINISAT_DSC" "$CADICAL_TAR_SHA256" "$CADICAL_TAR" |
    sha256sum --quiet -c - >/dev/null 2>&1) ||
    fail "$MINISAT_DSC or $CADICAL_TAR does not have the SHA-256 pinned in build.sh: these are not the sources the engines are built from"
  (cd src && dpkg-source -q -x "$MINISAT_DSC" >/dev/null 2>&1 && mkdir cadical &&
    tar -xzf "$CADICAL_TAR" -C cadical --strip-components=1) ||
    fail "could not unpack $MINISAT_DSC (dpkg-source) and $CADICAL_TAR in $WORK/src"
  MINISAT=$WORK/src/minisat2-2.2.1
  CADICAL=$WORK/src/cadical
  [ -f "$MINISAT/minisat/core/Solver.cc" ] && [ -f "$CADICAL/src/cadical.hpp" ] ||
    fail "the source packages did not give the expected trees in $WORK/src"

  # Our patches (Debian's own are already applied to MiniSat by dpkg-source).
  patch -s -d "$MINISAT" -p1 <"$HERE/patches/minisat-deadline.patch"
  patch -s -d "$CADICAL" -p1 <"$HERE/patches/cadical-api.patch"

  # MiniSat 2.2.1: the core solver (no preprocessor) and the options it registers.
  mkdir -p obj/minisat obj/cadical
  MINISAT_FLAGS=(-I"$MINISAT" -I"$HERE/stub" -Wno-reserved-user-defined-literal -Wno-dangling-else)
  (cd obj/minisat &&
    em++ "${CXXFLAGS[@]}" "${MINISAT_FLAGS[@]}" -c "$MINISAT/minisat/core/Solver.cc" "$MINISAT/minisat/utils/Options.cc" &&
    em++ "${CXXFLAGS[@]}" "${MINISAT_FLAGS[@]}" -c "$HERE/glue/minisat.cc")
  em++ "${LDFLAGS[@]}" obj/minisat/*.o -o out/minisat.js

  # CaDiCaL 1.7.4: the library (every src/*.cpp but the apps and the C/IPASIR wrappers), quiet,
  # without build information or API tracing.
  CADICAL_FLAGS=(-I"$CADICAL/src" -DNBUILD -DQUIET -DNTRACING)
  (cd obj/cadical &&
    ls "$CADICAL"/src/*.cpp | grep -v -E '/(cadical|mobical|ipasir|ccadical)\.cpp$' |
    xargs -P "$(nproc)" -n 4 em++ "${CXXFLAGS[@]}" "${CADICAL_FLAGS[@]}" -c &&
    em++ "${CXXFLAGS[@]}" "${CADICAL_FLAGS[@]}" -c "$HERE/glue/cadical.cc")
  em++ "${LDFLAGS[@]}" obj/cadical/*.o -o out/cadical.js
  wasm=(minisat.wasm cadical.wasm "${wasm[@]}")
fi

# 4. Outputs: the .wasm files only (emscripten's .js loader is not used), checksums, licences.
mkdir -p "$OUT"
(cd out && install -m 644 "${wasm[@]}" "$OUT/")
if [ -z "$ONLY" ]; then
  install -m 644 "$MINISAT/LICENSE" "$OUT/LICENSE.minisat"
  install -m 644 "$CADICAL/LICENSE" "$OUT/LICENSE.cadical"
fi
# SHA256SUMS lists all five; a partial build keeps the other lines as they were.
sums=$(cd "$OUT" && sha256sum "${wasm[@]}")
old=$( [ -f "$OUT/SHA256SUMS" ] && cat "$OUT/SHA256SUMS" || true)
{
  for name in minisat.wasm cadical.wasm core.wasm games.wasm checker.wasm; do
    line=$(printf '%s\n' "$sums" | grep "  $name\$" || printf '%s\n' "$old" | grep "  $name\$" || true)
    [ -n "$line" ] && printf '%s\n' "$line"
  done
} >"$OUT/SHA256SUMS.new"
mv "$OUT/SHA256SUMS.new" "$OUT/SHA256SUMS"

# INPUTS.sha256: the SHA-256 of every file this script reads from the repository (itself, glue/,
# patches/, stub/, core/, games/, checker/), one line each, after the pinned Debian versions and the
# emscripten that built the files; test/engines.test.ts recomputes it from the tree. A partial
# build (ONLY=core, ONLY=games, ONLY=checker) renews its folder's lines and build.sh's, and keeps the others
# as they were.
inputs=$(cd "$HERE" && find build.sh glue patches stub core games checker -type f | LC_ALL=C sort | xargs sha256sum)
oldin=$( [ -f "$OUT/INPUTS.sha256" ] && grep -v '^#' "$OUT/INPUTS.sha256" || true)
{
  echo "# engines/build.sh wrote this: what the .wasm files in SHA256SUMS were built from."
  echo "# test/engines.test.ts recomputes the file lines from the tree: after changing one, run engines/build.sh."
  if [ -z "$ONLY" ]; then
    echo "debian $MINISAT_SRC $MINISAT_VERSION $MINISAT_DSC $MINISAT_DSC_SHA256"
    echo "debian $CADICAL_SRC $CADICAL_VERSION $CADICAL_TAR $CADICAL_TAR_SHA256"
    echo "debian emscripten $have"
    printf '%s\n' "$inputs"
  else
    printf '%s\n' "$oldin" | grep '^debian ' || true
    { printf '%s\n' "$oldin" | grep -v '^debian ' | grep -v "  $ONLY/" | grep -v '  build.sh$' || true
      printf '%s\n' "$inputs" | grep -e "  $ONLY/" -e '  build.sh$'; } | grep . | LC_ALL=C sort -k2
  fi
} >"$OUT/INPUTS.sha256.new"
mv "$OUT/INPUTS.sha256.new" "$OUT/INPUTS.sha256"
echo "build.sh: wrote ${wasm[*]}, SHA256SUMS and INPUTS.sha256 in $OUT" >&2
cat "$OUT/SHA256SUMS"
