#!/usr/bin/env bash
# make install, checked as a new machine would see it: install into a
# temporary prefix, then run htl with an empty environment and the Swift
# toolchain's libraries out of reach, and find the completions and the man
# page where the shells and man look.
set -euo pipefail
prefix="$(mktemp -d /tmp/htl-install-XXXXXX)"
trap 'rm -rf "$prefix"' EXIT
make -s install PREFIX="$prefix" CONFIG="${CONFIG:-debug}" >/dev/null

fail() { echo "install-check: $*" >&2; exit 1; }
bin="$prefix/bin/htl"
[ -x "$bin" ] || fail "no $bin"

toolchain="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")"
# The release binary is static ("not a dynamic executable", and ldd exits 1).
libs="$(ldd "$bin" 2>&1 || true)"
if grep -q -e "$toolchain" -e libswift -e libFoundation <<<"$libs"; then
    fail "htl still needs the Swift toolchain's libraries:"$'\n'"$libs"
fi
# Installed stripped: no symbol table, no debug information (htl, htl-mcp, htl-serve).
for b in "$bin" "$prefix/bin/htl-mcp" "$prefix/bin/htl-serve"; do
    if readelf -S "$b" | grep -q -e '\.symtab' -e '\.debug_info'; then fail "$b is not stripped"; fi
done
version="$(env -i LD_LIBRARY_PATH= "$bin" --version)"
[ "$version" = "$(.build/debug/htl --version)" ] || fail "htl --version printed '$version'"
env -i LD_LIBRARY_PATH= "$bin" check -C goals-example --today 2026-11-22 2>/dev/null >/dev/null \
    || fail "the installed htl does not check goals-example clean"

# htl mcp runs htl-mcp from the same folder; it answers an initialize request.
init='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"install-check","version":"1"}}}'
libs="$(ldd "$prefix/bin/htl-mcp")"
if grep -q -e "$toolchain" -e libswift -e libFoundation <<<"$libs"; then
    fail "htl-mcp still needs the Swift toolchain's libraries:"$'\n'"$libs"
fi
echo "$init" | env -i LD_LIBRARY_PATH= "$bin" mcp -C goals-example --today 2026-11-22 | grep -q '"serverInfo":{"name":"htl"' \
    || fail "the installed htl mcp does not answer"

# htl serve runs htl-serve from the same folder; it prints where it serves.
libs="$(ldd "$prefix/bin/htl-serve")"
if grep -q -e "$toolchain" -e libswift -e libFoundation <<<"$libs"; then
    fail "htl-serve still needs the Swift toolchain's libraries:"$'\n'"$libs"
fi
served="$(mktemp)"
env -i LD_LIBRARY_PATH= "$bin" serve -C goals-example --port 0 --today 2026-11-22 >"$served" 2>&1 &
server=$!
for _ in $(seq 100); do grep -q "API token" "$served" && break; sleep 0.1; done
kill -INT "$server"; wait "$server" || true
grep -q "^Serving Maya's ledger at http://127.0.0.1:" "$served" || fail "the installed htl serve does not serve: $(cat "$served")"
rm -f "$served"

for f in share/bash-completion/completions/htl share/zsh/site-functions/_htl \
         share/fish/vendor_completions.d/htl.fish share/man/man1/htl.1; do
    [ -s "$prefix/$f" ] || fail "no $prefix/$f"
done
bash -c "source '$prefix/share/bash-completion/completions/htl' && complete -p htl" | grep -q "_htl" \
    || fail "bash does not load the completion"
MANWIDTH=80 man -l "$prefix/share/man/man1/htl.1" 2>&1 | grep -q "Parse and validate the whole ledger" \
    || fail "man cannot render htl.1"
echo "install-check: htl installed into a temporary prefix runs without the Swift toolchain ($(wc -c <"$bin") bytes)"
