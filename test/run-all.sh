#!/usr/bin/env bash
# npm test: typecheck, lint and electronegativity side by side, build, unit + integration, e2e; ends with one line "N passed, N failed" (the line above it: coverage).
set -uo pipefail
cd "$(dirname "$0")/.."
echo "node $(node --version)"
bash test/setup-system.sh || exit 2
rm -rf reports && mkdir -p reports
: > reports/steps.txt

step() { # name, command...
  local name=$1; shift
  echo "::: $name"
  if "$@"; then echo "$name pass" >> reports/steps.txt; else echo "$name fail" >> reports/steps.txt; fi
}

together() { # name command, ...: the steps at once (each one core at most), their output shown whole in the order given
  local pids=() names=() i
  for spec in "$@"; do
    local name=${spec%% *}
    names+=("$name")
    bash -c "${spec#* }" > "reports/$name.log" 2>&1 &
    pids+=($!)
  done
  for i in "${!pids[@]}"; do
    local outcome=pass
    wait "${pids[$i]}" || outcome=fail
    echo "::: ${names[$i]}"
    cat "reports/${names[$i]}.log"
    echo "${names[$i]} $outcome" >> reports/steps.txt
  done
}

# The static checks only read sources, each on one core: side by side they keep both cores busy. The build comes after
# them: electron-vite writes a bundled copy of its config beside it for a moment, which ESLint would try to read.
together 'typecheck npm run -s typecheck' 'lint npm run -s lint' 'electronegativity node test/electronegativity.mjs'
step build npx electron-vite build
step vitest bash test/with-keychain.sh npx vitest run --coverage
step e2e env PLAYWRIGHT_JSON_OUTPUT_NAME=reports/playwright.json bash test/with-keychain.sh npx playwright test --reporter=list,json
node test/summarize.mjs
