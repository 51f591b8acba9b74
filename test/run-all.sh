#!/usr/bin/env bash
# npm test: typecheck, lint, electronegativity and unit + integration side by side, build, e2e; ends with one line
# "N passed, N failed" (above it: coverage, and each part's time with the three slowest e2e files).
set -uo pipefail
cd "$(dirname "$0")/.."
echo "node $(node --version)"
bash test/setup-system.sh || exit 2
rm -rf reports && mkdir -p reports
: > reports/steps.txt

# reports/steps.txt: one line per part, "name outcome seconds".
step() { # name, command...
  local name=$1 start=$SECONDS outcome=pass; shift
  echo "::: $name"
  "$@" || outcome=fail
  echo "$name $outcome $((SECONDS - start))" >> reports/steps.txt
}

together() { # name command, ...: the steps at once, their output shown whole in the order given
  local pids=() names=() i
  for spec in "$@"; do
    local name=${spec%% *}
    names+=("$name")
    # Each step times itself: they end in any order, but are waited for (and shown) in the order given.
    bash -c "start=\$SECONDS; ${spec#* }; code=\$?; echo \$((SECONDS - start)) > reports/$name.seconds; exit \$code" > "reports/$name.log" 2>&1 &
    pids+=($!)
  done
  for i in "${!pids[@]}"; do
    local outcome=pass
    wait "${pids[$i]}" || outcome=fail
    echo "::: ${names[$i]}"
    cat "reports/${names[$i]}.log"
    echo "${names[$i]} $outcome $(cat "reports/${names[$i]}.seconds" 2>/dev/null || echo 0)" >> reports/steps.txt
  done
}

# The static checks only read sources, each on one core; vitest's files mostly wait (on the simulator, child processes,
# the keychain), so the checks run beside it at the lowest priority: they take the time vitest leaves idle instead of
# slowing it (beside it at the same priority, vitest took 182 s instead of 141). The build comes after them:
# electron-vite writes a bundled copy of its config beside it for a moment, which ESLint would try to read.
together 'typecheck nice -n 19 npm run -s typecheck' 'lint nice -n 19 npm run -s lint' \
  'electronegativity nice -n 19 node test/electronegativity.mjs' \
  'vitest bash test/with-keychain.sh npx vitest run --coverage'
step build npx electron-vite build
step e2e env PLAYWRIGHT_JSON_OUTPUT_NAME=reports/playwright.json bash test/with-keychain.sh npx playwright test --reporter=list,json
node test/summarize.mjs
