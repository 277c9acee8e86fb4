#!/usr/bin/env bash
# Schema fuzzing: Schemathesis generates requests from the served OpenAPI document
# (/api/openapi.json) and checks each answer against it: no 500, no status the document does not
# list, every body and content type as documented. It runs once without a token and once with a
# token of each role, each time against a fresh copy of a database seeded by `olympiad seed-fuzz`
# (the demo data plus the fuzzer's own accounts), so that what one run changes, disables or
# deletes cannot spoil the next.
#
# Schemathesis is installed with pip, at a pinned version, into a virtualenv kept in the CI cache
# folder, so a second run starts at once. OLYMPIAD_BIN names a built binary to use instead of
# building the debug one; FUZZ_MAX_EXAMPLES changes the number of requests per operation.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

schemathesis_version=4.32.5
cache=${OLYMPIAD_CI_CACHE:-/var/tmp/olympiad-ci}
venv="$cache/schemathesis-$schemathesis_version"
max_examples=${FUZZ_MAX_EXAMPLES:-5}
roles=(anonymous overlord admin accountant funding marketing teacher learner)

# The checks, by Schemathesis's names: no 500, no status the document does not list, every body and
# content type as documented, and no request the document allows refused (positive_data_acceptance:
# a request generated from the schema must not get a 400). For that last check a positive request
# may still answer 401/403 (the role may not), 404 (an id that names nothing: every route with an
# id, and every signed-in route, documents it), 409 (a state change not allowed now) or 429 (a
# documented rate limit); anything else, a 400 above all, fails it. These are Schemathesis's own
# defaults less 3xx and 5xx, which the API never means as an answer to a good request.
checks=not_a_server_error,status_code_conformance,response_schema_conformance,content_type_conformance,positive_data_acceptance

if [ ! -e "$venv/.installed" ]; then
  echo "== installing schemathesis $schemathesis_version into $venv"
  rm -rf "$venv"
  mkdir -p "$cache"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$schemathesis_version"
  touch "$venv/.installed"
fi

if [ -z "${OLYMPIAD_BIN:-}" ]; then
  cargo build --locked --bin olympiad
  OLYMPIAD_BIN="$(realpath -m "${CARGO_TARGET_DIR:-target}")/debug/olympiad"
fi
bin=$(realpath "$OLYMPIAD_BIN")

work=$(mktemp -d /tmp/olympiad-fuzz.XXXXXX)
server_pid=
stop_server() {
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=
  fi
}
trap 'stop_server; rm -rf "$work"' EXIT

random() { python3 -c 'import secrets; print(secrets.token_hex(24))'; }
export JWT_SECRET=$(random) BCRYPT_COST=4 REQUIRE_STAFF_2FA=false RUST_LOG=warn
unset DATABASE_URL SMTP_URL PUBLIC_BASE_URL
# The fuzzer's accounts get a password it cannot guess, so that a fuzzed password change, which
# needs the current one, cannot end the session its token belongs to.
(cd "$work" && DATA_DIR="$work/seed" "$bin" seed-fuzz --password "$(random)" >"$work/seed.log" 2>&1) || {
  cat "$work/seed.log" >&2
  exit 1
}
declare -A tokens
while read -r _ role token; do tokens[$role]=$token; done < <(grep '^token ' "$work/seed.log")

# Schemathesis's settings: the statuses a good request may answer, the ids seed-fuzz made for the
# parameters that must name something that exists (the fuzzer sends those instead of numbers of its
# own, in the query and in bodies), and the operations left out of positive_data_acceptance.
config="$work/schemathesis.toml"
{
  # The checks are named here, not with --checks: a check named on the command line would win
  # over an operation's `enabled = false`.
  echo '[checks]'
  echo 'enabled = false'
  for check in ${checks//,/ }; do
    echo "$check.enabled = true"
  done
  echo 'positive_data_acceptance.expected-statuses = ["2xx", "401", "403", "404", "409", "429"]'
  echo
  echo '[parameters]'
  while read -r _ parameter id; do
    echo "$parameter = $id"
    echo "\"body.$parameter\" = $id"
  done < <(grep '^id ' "$work/seed.log")
  # Rules no schema can state, declared in the routes' manifests (`.beyond_schema(…)`): there
  # positive_data_acceptance is left out, and the operation's description states the rule.
  while read -r _ method path _; do
    echo
    echo '[[operations]]'
    # One filter naming both: separate include-method and include-path filters would each match alone.
    echo "include-name = \"$method $path\""
    echo 'checks.positive_data_acceptance.enabled = false'
  done < <(grep '^beyond_schema ' "$work/seed.log")
} >"$config"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

start_server() {
  rm -rf "$work/data"
  cp -a "$work/seed" "$work/data"
  port=$(free_port)
  (cd "$work" && DATA_DIR="$work/data" BIND="127.0.0.1:$port" exec "$bin" serve) >>"$work/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 100); do
    if python3 -c "import urllib.request as u; u.urlopen('http://127.0.0.1:$port/api/openapi.json', timeout=1)" 2>/dev/null; then
      return 0
    fi
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "the server did not start:" >&2
  cat "$work/server.log" >&2
  exit 1
}

# The document as served, kept for the runs (each on a server of its own, on another port).
start_server
python3 -c "import sys, urllib.request as u; open(sys.argv[2], 'wb').write(u.urlopen(sys.argv[1]).read())" \
  "http://127.0.0.1:$port/api/openapi.json" "$work/openapi.json"
stop_server

echo "== schema fuzzing with schemathesis $schemathesis_version: $max_examples examples per operation, deterministic"
failed=()
summary=()
started=$SECONDS
for role in "${roles[@]}"; do
  args=()
  if [ "$role" != anonymous ]; then
    args+=(--header "Authorization: Bearer ${tokens[$role]}")
    # Sign-out ends every session of the user, the fuzzer's own token with it.
    args+=(--exclude-path /api/auth/signout)
  fi
  start_server
  role_started=$SECONDS
  status=0
  (cd "$work" && "$venv/bin/st" --config-file "$config" run "$work/openapi.json" \
    --url "http://127.0.0.1:$port" \
    --phases examples,fuzzing \
    --max-examples "$max_examples" \
    --generation-deterministic \
    --request-timeout 10 \
    --no-color \
    "${args[@]}") >"$work/$role.txt" 2>&1 || status=$?
  stop_server
  result=$(grep -E '^=+ .* in [0-9.]+s =+$' "$work/$role.txt" | tail -1 | sed -E 's/^=+ (.*) =+$/\1/' || true)
  summary+=("$(printf '  %-11s %4ss  %s' "$role" $((SECONDS - role_started)) "${result:-no summary}")")
  if [ "$status" != 0 ]; then
    failed+=("$role")
    echo "---- schemathesis as $role failed ($status):"
    sed -n '/^=* FAILURES =*$/,$p' "$work/$role.txt"
    grep -q FAILURES "$work/$role.txt" || tail -40 "$work/$role.txt"
  fi
done

echo "== schema fuzzing summary ($((SECONDS - started))s)"
printf '%s\n' "${summary[@]}"
echo "fuzz-api: $((${#roles[@]} - ${#failed[@]})) passed, ${#failed[@]} failed"
[ ${#failed[@]} = 0 ]
