#!/usr/bin/env bash
# Builds engines/minisat.wasm and engines/cadical.wasm from Debian's source packages, and
# engines/core.wasm from our own source in engines/core/, with Debian's emscripten, and writes
# engines/SHA256SUMS. Runs as root on Debian bookworm: it installs what is missing (emscripten,
# dpkg-dev) and adds a deb-src source if apt has none. See engines/README.md.
#
#   engines/build.sh              build into engines/ (a temporary work folder, removed after)
#   ONLY=core engines/build.sh    build core.wasm only (no source packages needed, about 20 s)
#   OUT=/tmp/x engines/build.sh   write the .wasm files and SHA256SUMS to /tmp/x instead
#   WORK=/tmp/w engines/build.sh  build in /tmp/w (kept), e.g. to check that two builds from
#                                 different folders give byte-identical .wasm files
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$HERE}

# The exact Debian versions the committed .wasm files were built from.
MINISAT_SRC=minisat2
MINISAT_VERSION=1:2.2.1-5
CADICAL_SRC=cadical
CADICAL_VERSION=1.5.3-2
EMSCRIPTEN_VERSION=3.1.6~dfsg-5

export DEBIAN_FRONTEND=noninteractive

need_update=1
apt_update() {
  if [ "$need_update" = 1 ]; then apt-get update -qq; need_update=0; fi
}

# 1. Tools.
if ! command -v em++ >/dev/null || ! command -v dpkg-source >/dev/null; then
  apt_update
  apt-get install -y -qq emscripten dpkg-dev >/dev/null
fi
have=$(dpkg-query -W -f '${Version}' emscripten)
if [ "$have" != "$EMSCRIPTEN_VERSION" ]; then
  echo "build.sh: emscripten $have is installed; the committed engines were built with $EMSCRIPTEN_VERSION" >&2
  echo "build.sh: (the .wasm files will differ from SHA256SUMS in the repository)" >&2
fi
# Debian's emscripten runs its JavaScript tools with whatever `node` is on PATH, which here is
# not Debian's: it needs NODE_PATH to find Debian's acorn and friends.
export NODE_PATH=/usr/share/nodejs

ONLY=${ONLY:-}
if [ -n "$ONLY" ] && [ "$ONLY" != core ]; then
  echo "build.sh: ONLY=$ONLY: only 'core' can be built alone" >&2
  exit 2
fi

# 2. Source packages (not for ONLY=core): add a deb-src stanza beside the image's deb822 sources if apt has none.
if [ -z "$ONLY" ] && [ -z "$(apt-cache showsrc "$CADICAL_SRC" 2>/dev/null)" ]; then
  stanza=/etc/apt/sources.list.d/nonocrypt-deb-src.sources
  echo "build.sh: adding $stanza" >&2
  cat >"$stanza" <<'EOF'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
  need_update=1
  apt_update
fi

if [ -n "${WORK:-}" ]; then
  mkdir -p "$WORK"
  WORK=$(cd "$WORK" && pwd)
else
  WORK=$(mktemp -d)
  trap 'rm -rf "$WORK"' EXIT
fi
cd "$WORK"
rm -rf src obj out && mkdir -p src obj out obj/core

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
CORE_HASH=$(cd "$HERE/core" && cat $(ls *.h *.cc | LC_ALL=C sort) | sha256sum | cut -c1-64)
(cd obj/core && em++ "${CXXFLAGS[@]}" -std=c++17 -DCORE_SOURCE_HASH="\"$CORE_HASH\"" -c "$HERE/core/api.cc")
em++ "${LDFLAGS[@]}" -sINITIAL_MEMORY=8MB -sTOTAL_STACK=4MB obj/core/api.o -o out/core.js
wasm=(core.wasm)

if [ -z "$ONLY" ]; then
  (cd src && apt-get source -qq "$MINISAT_SRC=$MINISAT_VERSION" "$CADICAL_SRC=$CADICAL_VERSION" 2>&1 |
    grep -v 'unsandboxed as root' || true)
  MINISAT=$WORK/src/minisat2-2.2.1
  CADICAL=$WORK/src/cadical-1.5.3
  [ -f "$MINISAT/minisat/core/Solver.cc" ] && [ -f "$CADICAL/src/cadical.hpp" ] || {
    echo "build.sh: apt-get source did not give the expected trees" >&2
    exit 1
  }

  # Our patches (Debian's own are already applied by apt-get source).
  patch -s -d "$MINISAT" -p1 <"$HERE/patches/minisat-deadline.patch"

  # MiniSat 2.2.1: the core solver (no preprocessor) and the options it registers.
  mkdir -p obj/minisat obj/cadical
  MINISAT_FLAGS=(-I"$MINISAT" -I"$HERE/stub" -Wno-reserved-user-defined-literal -Wno-dangling-else)
  (cd obj/minisat &&
    em++ "${CXXFLAGS[@]}" "${MINISAT_FLAGS[@]}" -c "$MINISAT/minisat/core/Solver.cc" "$MINISAT/minisat/utils/Options.cc" &&
    em++ "${CXXFLAGS[@]}" "${MINISAT_FLAGS[@]}" -c "$HERE/glue/minisat.cc")
  em++ "${LDFLAGS[@]}" obj/minisat/*.o -o out/minisat.js

  # CaDiCaL 1.5.3: the library (every src/*.cpp but the apps and the C/IPASIR wrappers), quiet,
  # without build information or API tracing.
  CADICAL_FLAGS=(-I"$CADICAL/src" -DNBUILD -DQUIET -DNTRACING)
  (cd obj/cadical &&
    ls "$CADICAL"/src/*.cpp | grep -v -E '/(cadical|mobical|ipasir|ccadical)\.cpp$' |
    xargs -P "$(nproc)" -n 4 em++ "${CXXFLAGS[@]}" "${CADICAL_FLAGS[@]}" -c &&
    em++ "${CXXFLAGS[@]}" "${CADICAL_FLAGS[@]}" -c "$HERE/glue/cadical.cc")
  em++ "${LDFLAGS[@]}" obj/cadical/*.o -o out/cadical.js
  wasm=(minisat.wasm cadical.wasm core.wasm)
fi

# 4. Outputs: the .wasm files only (emscripten's .js loader is not used), checksums, licences.
mkdir -p "$OUT"
(cd out && install -m 644 "${wasm[@]}" "$OUT/")
if [ -z "$ONLY" ]; then
  install -m 644 "$MINISAT/LICENSE" "$OUT/LICENSE.minisat"
  install -m 644 "$CADICAL/LICENSE" "$OUT/LICENSE.cadical"
fi
# SHA256SUMS lists all three; a partial build keeps the other lines as they were.
sums=$(cd "$OUT" && sha256sum "${wasm[@]}")
old=$( [ -f "$OUT/SHA256SUMS" ] && cat "$OUT/SHA256SUMS" || true)
{
  for name in minisat.wasm cadical.wasm core.wasm; do
    line=$(printf '%s\n' "$sums" | grep "  $name\$" || printf '%s\n' "$old" | grep "  $name\$" || true)
    [ -n "$line" ] && printf '%s\n' "$line"
  done
} >"$OUT/SHA256SUMS.new"
mv "$OUT/SHA256SUMS.new" "$OUT/SHA256SUMS"
echo "build.sh: wrote ${wasm[*]} and SHA256SUMS in $OUT" >&2
cat "$OUT/SHA256SUMS"
