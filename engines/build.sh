#!/usr/bin/env bash
# Builds engines/minisat.wasm and engines/cadical.wasm from Debian's source packages with
# Debian's emscripten, and writes engines/SHA256SUMS. Runs as root on Debian bookworm: it
# installs what is missing (emscripten, dpkg-dev) and adds a deb-src source if apt has none.
# See engines/README.md.
#
#   engines/build.sh              build into engines/ (a temporary work folder, removed after)
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

# 2. Source packages: add a deb-src stanza beside the image's deb822 sources if apt has none.
if [ -z "$(apt-cache showsrc "$CADICAL_SRC" 2>/dev/null)" ]; then
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
rm -rf src obj out && mkdir -p src obj out
(cd src && apt-get source -qq "$MINISAT_SRC=$MINISAT_VERSION" "$CADICAL_SRC=$CADICAL_VERSION" 2>&1 |
  grep -v 'unsandboxed as root' || true)
MINISAT=$WORK/src/minisat2-2.2.1
CADICAL=$WORK/src/cadical-1.5.3
[ -f "$MINISAT/minisat/core/Solver.cc" ] && [ -f "$CADICAL/src/cadical.hpp" ] || {
  echo "build.sh: apt-get source did not give the expected trees" >&2
  exit 1
}

# 3. Our patches (Debian's own are already applied by apt-get source).
patch -s -d "$MINISAT" -p1 <"$HERE/patches/minisat-deadline.patch"

# 4. Compile. Build paths are mapped away so that the output does not depend on $WORK.
CXXFLAGS=(-O3 -DNDEBUG -std=c++11 "-ffile-prefix-map=$WORK=/build" "-ffile-prefix-map=$HERE=/engines")
# Each instance gets its own WebAssembly.Memory from JavaScript (IMPORTED_MEMORY), grown by
# our JavaScript (emscripten_resize_heap) up to the instance's cap. The stack comes first in
# memory, so an overflow leaves memory (a trap) instead of overwriting data. No filesystem, no
# emscripten JavaScript: the loader is src/sat/wasmEngine.ts.
LDFLAGS=(-O3 -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=4GB -sINITIAL_MEMORY=2MB -sTOTAL_STACK=1MB
  -sIMPORTED_MEMORY=1 -sFILESYSTEM=0 -sWASM_BIGINT=1 -sDECLARE_ASM_MODULE_EXPORTS=0
  -sEXPORTED_FUNCTIONS=_malloc,_free -Wl,--stack-first)

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

# 5. Outputs: the .wasm files only (emscripten's .js loader is not used), checksums, licences.
mkdir -p "$OUT"
install -m 644 out/minisat.wasm out/cadical.wasm "$OUT/"
install -m 644 "$MINISAT/LICENSE" "$OUT/LICENSE.minisat"
install -m 644 "$CADICAL/LICENSE" "$OUT/LICENSE.cadical"
(cd "$OUT" && sha256sum minisat.wasm cadical.wasm >SHA256SUMS)
echo "build.sh: wrote $OUT/minisat.wasm $OUT/cadical.wasm $OUT/SHA256SUMS" >&2
cat "$OUT/SHA256SUMS"
