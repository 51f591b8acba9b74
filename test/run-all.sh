#!/usr/bin/env bash
# npm test: typecheck, lint, electronegativity and unit + integration side by side, build, e2e; ends with one line
# "N passed, N failed" (above it: coverage, and each part's time with the three slowest e2e files).
set -uo pipefail
cd "$(dirname "$0")/.."
echo "node $(node --version)"
bash test/setup-system.sh || exit 2
# reports/repeat/ holds test:repeat's earlier runs (it runs this script): everything else is this run's.
mkdir -p reports && find reports -mindepth 1 -maxdepth 1 ! -name repeat -exec rm -rf {} +
: > reports/steps.txt

# reports/steps.txt: one line per part, "name outcome seconds".
step() { # name, command...
  local name=$1 start=$SECONDS outcome=pass; shift
  echo "::: $name"
  "$@" || outcome=fail
  echo "$name $outcome $((SECONDS - start))" >> reports/steps.txt
}

# The static checks (about 120 CPU-seconds in all) start beside vitest at the lowest priority: on a quiet machine they
# fill the time vitest leaves idle instead of slowing it (at equal priority vitest took 182 s instead of 141). But a
# nice-19 process beside busy ones gets about 1.5% of a core: on a crowded machine they would wait for the load to end
# (typecheck took 1,976 s). So when vitest ends, any check still running is raised to normal priority (renice, as root
# in CI), or, where lowering a niceness is not allowed, started again at normal priority.
CHECKS=(typecheck lint electronegativity)
# npm run typecheck's two programs, each on one thread: beside vitest the native compiler's checker threads only
# competed for the same two cores (45 CPU-seconds threaded, 20 single-threaded; the same two programs checked).
TSC='node node_modules/typescript-native/bin/tsc --singleThreaded -p'
declare -A CHECK_CMD=(
  [typecheck]="$TSC tsconfig.node.json && $TSC tsconfig.web.json"
  [lint]='npm run -s lint'
  [electronegativity]='node test/electronegativity.mjs'
)
declare -A CHECK_PID=()

start_check() { # name, niceness: the check in the background; reports/<name>.started and .ended (epoch seconds)
  local name=$1
  # A check started again counts from its first start: its figure is how long the suite waited for it.
  [ -f "reports/$name.started" ] || date +%s > "reports/$name.started"
  rm -f "reports/$name.ended"
  nice -n "$2" bash -c "${CHECK_CMD[$name]}; code=\$?; date +%s > reports/$name.ended; exit \$code" \
    > "reports/$name.log" 2>&1 &
  CHECK_PID[$name]=$!
}

tree() { # pid: it and all its descendants
  local child
  echo "$1"
  for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do tree "$child"; done
}

threads() { # pid: every thread of it and its descendants (renice -p changes one thread, not its process's others)
  local p
  for p in $(tree "$1"); do ls "/proc/$p/task" 2>/dev/null; done
}

raise_check() { # name: a check still running gets normal priority (or starts again with it)
  local name=$1 pid=${CHECK_PID[$1]}
  kill -0 "$pid" 2>/dev/null || return 0
  if renice -n 0 -p $(threads "$pid") > /dev/null 2>&1; then
    # Threads a nice-19 thread starts later inherit 19 (the compiler's and ESLint's workers): raised again until it ends.
    (while kill -0 "$pid" 2>/dev/null; do renice -n 0 -p $(threads "$pid") > /dev/null 2>&1; sleep 2; done) &
    echo "$name raised to normal priority after vitest" >> reports/priority.txt
  else
    kill $(tree "$pid") 2>/dev/null
    wait "$pid" 2>/dev/null
    start_check "$name" 0
    echo "$name started again at normal priority after vitest" >> reports/priority.txt
  fi
}

suite_start=$SECONDS
for name in "${CHECKS[@]}"; do start_check "$name" 19; done
vitest_start=$SECONDS
echo "::: vitest"
vitest_outcome=pass
bash test/with-keychain.sh npx vitest run --coverage || vitest_outcome=fail
vitest_seconds=$((SECONDS - vitest_start))
for name in "${CHECKS[@]}"; do raise_check "$name"; done
echo "vitest $vitest_outcome $vitest_seconds" >> reports/steps.txt

# A check still running goes on beside the build and e2e (which mostly waits on the page and the simulator) instead
# of holding them up: on a crowded machine waiting for the checks first added their whole remaining time to the run.
step build npx electron-vite build
step e2e env PLAYWRIGHT_JSON_OUTPUT_NAME=reports/playwright.json bash test/with-keychain.sh npx playwright test --reporter=list,json
for name in "${CHECKS[@]}"; do
  outcome=pass
  wait "${CHECK_PID[$name]}" || outcome=fail
  echo "::: $name"
  cat "reports/$name.log"
  echo "$name $outcome $(($(cat "reports/$name.ended") - $(cat "reports/$name.started")))" >> reports/steps.txt
done
[ -f reports/priority.txt ] && cat reports/priority.txt
# The parts overlap: the run's length is the wall clock from the first part's start to the last part's end.
echo $((SECONDS - suite_start)) > reports/total-seconds.txt
node test/summarize.mjs
