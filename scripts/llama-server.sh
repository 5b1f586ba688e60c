#!/usr/bin/env bash
# Prints the path of a llama-server binary, building it once per machine.
#
#   scripts/llama-server.sh          # build when missing, print the binary's path
#   scripts/llama-server.sh --find   # print the path when built, else exit 1 (no build)
#
# The sources are the llama.cpp tarball in ../shared/tools/llamacpp (or
# $PLUMB_LLAMA_SRC): see its README. The binary is cached outside the clone in
# ${XDG_CACHE_HOME:-$HOME/.cache}/plumb/llama-server-<sha256 of the tarball>/bin/,
# so a new tarball builds a new binary and the old one is never reused for it.
# A lock (flock on <cache>.lock) makes concurrent callers wait for one build;
# the finished directory is renamed into place, so a killed build leaves no
# half binary behind. Build output goes to stderr; stdout is only the path.
# The build needs cmake, g++ and make (about 70 s on 2 idle cores); the binary is linked
# statically against llama.cpp's own libraries (BUILD_SHARED_LIBS=OFF), so it
# runs from the cache alone. Nothing here is committed to the repository.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
src=${PLUMB_LLAMA_SRC:-$root/../shared/tools/llamacpp}
shopt -s nullglob
tarballs=("$src"/llama.cpp-*.tar.xz)
if [ ${#tarballs[@]} -ne 1 ]; then
  echo "llama-server.sh: want exactly one llama.cpp-*.tar.xz in $src, found ${#tarballs[@]}" >&2
  exit 2
fi
tarball=${tarballs[0]}
hash=$(sha256sum "$tarball" | cut -d' ' -f1)
cache_root=${XDG_CACHE_HOME:-$HOME/.cache}/plumb
dir=$cache_root/llama-server-$hash
bin=$dir/bin/llama-server

if [ -x "$bin" ]; then
  echo "$bin"
  exit 0
fi
if [ "${1:-}" = --find ]; then
  exit 1
fi

for tool in cmake g++ make tar xz; do
  command -v "$tool" >/dev/null || { echo "llama-server.sh: $tool is needed to build llama-server (Debian: apt-get install cmake g++ make xz-utils)" >&2; exit 2; }
done

mkdir -p "$cache_root"
exec 9>"$dir.lock"
if ! flock -n 9; then
  echo "llama-server.sh: another build of $dir is running; waiting for it" >&2
  flock 9
fi
if [ ! -x "$bin" ]; then # built by whoever held the lock before us?
  work=$(mktemp -d "$dir.build.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  echo "llama-server.sh: building llama-server from $(basename "$tarball") in $work (once per machine)" >&2
  begin=$SECONDS
  mkdir "$work/src"
  tar -xJf "$tarball" -C "$work/src"
  cmake -S "$work/src" -B "$work/build" -DLLAMA_CURL=OFF -DGGML_NATIVE=ON -DLLAMA_BUILD_TESTS=OFF \
    -DBUILD_SHARED_LIBS=OFF -DCMAKE_BUILD_TYPE=Release >&2
  cmake --build "$work/build" --target llama-server -j"$(nproc)" >&2
  mkdir -p "$work/out/bin"
  cp "$work/build/bin/llama-server" "$work/out/bin/"
  rm -rf "$dir"
  mv "$work/out" "$dir"
  echo "llama-server.sh: built $bin in $((SECONDS - begin)) s" >&2
fi
echo "$bin"
