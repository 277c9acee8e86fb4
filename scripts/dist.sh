#!/usr/bin/env bash
# `make dist`: one archive that runs where it is unpacked: the `olympiad` binary (migrations inside it),
# the three built apps beside it, .env.example, a systemd unit and a Caddy configuration with TLS.
# `scripts/dist.sh debug` packages the debug build instead (the release test, which needs no
# optimised binary). Prints the archive's path.
set -euo pipefail
cd "$(dirname "$0")/.."
profile=${1:-release}
target_dir=$(realpath -m "${CARGO_TARGET_DIR:-target}")
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
name="olympiad-$version-$(uname -m)-linux"
out=${DIST_DIR:-dist}

if [ "$profile" = release ]; then
  cargo build --locked --release --bin olympiad >&2
else
  cargo build --locked --bin olympiad >&2
fi
for app in public portal admin; do
  [ -f "apps/$app/dist/index.html" ] || { npm run build >&2; break; }
done

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/$name/apps"
cp "$target_dir/$([ "$profile" = release ] && echo release || echo debug)/olympiad" "$stage/$name/"
for app in public portal admin; do
  mkdir -p "$stage/$name/apps/$app"
  cp -r "apps/$app/dist" "$stage/$name/apps/$app/"
done
cp .env.example "$stage/$name/"
cp deploy/olympiad.service deploy/Caddyfile deploy/INSTALL.md "$stage/$name/"
mkdir -p "$out"
archive="$(realpath "$out")/$name.tar.gz"
tar -C "$stage" -czf "$archive.partial" "$name"
mv "$archive.partial" "$archive"
echo "$archive"
