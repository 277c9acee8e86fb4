#!/usr/bin/env bash
# `cargo deny check` (advisories, licences, duplicate versions, sources; deny.toml says what is allowed
# and why). Machines that reach only the package registries cannot fetch the RustSec database: it is
# read from a snapshot, ADVISORY_DB or ../shared/advisory-db beside the clone, made into the git
# repository cargo-deny expects in a scratch folder (once per snapshot, in the CI cache).
# `ADVISORY_DB=live scripts/deny.sh` fetches the live database instead, where it can be reached.
# cargo-deny itself is installed once into the CI cache when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
cache=${OLYMPIAD_CI_CACHE:-/var/tmp/olympiad-ci}
deny_version=0.20.2

deny=$(command -v cargo-deny || true)
if [ -z "$deny" ] || [ "$("$deny" --version | cut -d' ' -f2)" != "$deny_version" ]; then
  deny="$cache/tools/bin/cargo-deny"
  if [ ! -x "$deny" ] || [ "$("$deny" --version | cut -d' ' -f2)" != "$deny_version" ]; then
    echo "== installing cargo-deny $deny_version into $cache/tools"
    build=$(mktemp -d)
    CARGO_TARGET_DIR="$build" cargo install --quiet --locked --root "$cache/tools" "cargo-deny@$deny_version"
    rm -rf "$build"
  fi
fi

# cargo-deny reads the metadata of every package in Cargo.lock, those of other platforms too, which
# a build on this one never downloads: fetched first, so that its offline checks find them.
cargo fetch --locked --quiet

source_db=${ADVISORY_DB:-../shared/advisory-db}
if [ "$source_db" = live ]; then
  export OLYMPIAD_ADVISORY_DBS="$cache/advisory-dbs-live"
  exec "$deny" check
fi
if [ ! -f "$source_db/SNAPSHOT" ]; then
  # The other checks need no database; the missing one is said loudly, not failed on: a machine
  # without the snapshot cannot check advisories at all.
  echo "WARNING: no advisory database snapshot at $source_db: advisories NOT checked (set ADVISORY_DB to a snapshot, or ADVISORY_DB=live to fetch it)" >&2
  export OLYMPIAD_ADVISORY_DBS="$cache/advisory-dbs/none"
  exec "$deny" --offline check bans licenses sources
fi
# The folder name cargo-deny gives the database of deny.toml's db-urls.
stamp=$(sha256sum "$source_db/SNAPSHOT" | cut -c1-16)
export OLYMPIAD_ADVISORY_DBS="$cache/advisory-dbs/$stamp"
db="$OLYMPIAD_ADVISORY_DBS/advisory-db-3157b0e258782691"
if [ ! -d "$db/.git" ]; then
  rm -rf "$OLYMPIAD_ADVISORY_DBS" && mkdir -p "$db"
  cp -r "$source_db"/. "$db"/
  # Committed at the snapshot's own date, so that its age is what deny.toml's staleness limit reads.
  when=$(grep -o '[0-9]\{4\}-[0-9]\{2\}-[0-9]\{2\}' "$source_db/SNAPSHOT" | head -1)
  (cd "$db" && git init -q && git add -A &&
    GIT_AUTHOR_DATE="${when}T00:00:00Z" GIT_COMMITTER_DATE="${when}T00:00:00Z" \
      git -c user.name=snapshot -c user.email=snapshot@localhost commit -q -m "RustSec snapshot $when")
fi
echo "== cargo deny against the advisory snapshot of $(grep -o '[0-9]\{4\}-[0-9]\{2\}-[0-9]\{2\}' "$source_db/SNAPSHOT" | head -1)"
"$deny" --offline check
