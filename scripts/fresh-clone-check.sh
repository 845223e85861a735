#!/usr/bin/env bash
# Checks the README's promise: on a fresh machine, `npm install && npm test` and
# `npm install && npm start` work with nothing else installed. Clones the committed HEAD of the
# current branch into a temporary folder and runs the README's commands there with an empty npm
# cache and no browser to be found: the system Chromium and Debian's package are hidden from the
# finder (LAVABO_IGNORE_SYSTEM_CHROMIUM=1) and the browser cache is empty, so npm test must provide
# its own browser for real (the Chromium inside an npm package, fetched from the npm registry).
# `npm start` is started on a free port, waited for until /api/health answers, then stopped.
# Prints each step's time; the folder is removed when every step passed (KEEP=1 keeps it).
#
#   bash scripts/fresh-clone-check.sh        # takes a while: a full install and the whole suite
set -euo pipefail

repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
branch=$(git -C "$repo" rev-parse --abbrev-ref HEAD)
commit=$(git -C "$repo" rev-parse --short HEAD)
if [ -n "$(git -C "$repo" status --porcelain --untracked-files=no)" ]; then
  echo "note: uncommitted changes are not checked; the clone has $branch at $commit"
fi

t0=$(date +%s)
work=$(mktemp -d "${TMPDIR:-/tmp}/lavabo-fresh.XXXXXX")
clone="$work/lavabo"
server_pid=""
results=()
failed=""

cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -- "-$server_pid" 2>/dev/null || true
  fi
  if [ -z "$failed" ] && [ "${KEEP:-0}" != 1 ]; then
    rm -rf "$work"
  else
    echo "logs and clone kept in $work"
  fi
}
trap cleanup EXIT

# A fresh machine: an empty npm cache, no browser found, no browser cache, no CHROMIUM_PATH.
export npm_config_cache="$work/npm-cache"
export LAVABO_IGNORE_SYSTEM_CHROMIUM=1
export LAVABO_BROWSER_CACHE="$work/browser-cache"
unset CHROMIUM_PATH
mkdir -p "$npm_config_cache"

now() { date +%s; }

# step NAME COMMAND...: runs it in the clone with no stdin, its output to $work/NAME.log and here.
step() {
  local name=$1
  shift
  local started rc
  started=$(now)
  echo "== $name: $*"
  set +e
  (cd "$clone" && "$@") </dev/null 2>&1 | tee "$work/$name.log"
  rc=${PIPESTATUS[0]}
  set -e
  results+=("$(printf '%-22s %5d s  exit %d' "$name" $(($(now) - started)) "$rc")")
  if [ "$rc" != 0 ]; then
    failed=$name
    report
    exit "$rc"
  fi
}

report() {
  echo
  echo "Fresh-clone check of $branch at $commit, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores:"
  printf '  %s\n' "${results[@]}"
  local browser
  browser=$(grep -hE '^(Unpacked Chromium|Installed Debian|apt-get failed|npm failed|No Chromium for)' \
    "$work"/npm-test.log 2>/dev/null || true)
  [ -n "$browser" ] && printf '  browser: %s\n' "$browser"
  [ -n "$failed" ] && echo "  FAILED at $failed (log: $work/$failed.log)"
  return 0
}

started=$(now)
git clone --quiet --no-hardlinks --branch "$branch" "$repo" "$clone"
results+=("$(printf '%-22s %5d s' 'git clone' $(($(now) - started)))")

step npm-install npm install --no-audit --no-fund
step npm-test npm test

# npm start: serve on a free port, wait for /api/health, stop it (the whole process group).
port=$(node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
echo "== npm-start: PORT=$port npm start (until http://localhost:$port/api/health answers)"
started=$(now)
(cd "$clone" && PORT=$port exec setsid npm start) </dev/null >"$work/npm-start.log" 2>&1 &
server_pid=$!
healthy=""
for _ in $(seq 1 900); do
  if node -e "fetch('http://localhost:$port/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"; then
    healthy=yes
    break
  fi
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 1
done
results+=("$(printf '%-22s %5d s  %s' 'npm-start' $(($(now) - started)) "${healthy:+until /api/health answered}")")
if [ -z "$healthy" ]; then
  failed=npm-start
  tail -20 "$work/npm-start.log"
  report
  exit 1
fi
health=$(node -e "fetch('http://localhost:$port/api/health').then(r=>r.text()).then(t=>console.log(t))")
echo "health: $health"
kill -- "-$server_pid" 2>/dev/null || true
wait "$server_pid" 2>/dev/null || true
server_pid=""

results+=("$(printf '%-22s %5d s' 'total' $(($(now) - t0)))")
report
