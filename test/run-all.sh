#!/usr/bin/env bash
# npm test: typecheck, lint, unit + integration, e2e, electronegativity; ends with one line "N passed, N failed" (the line above it: coverage).
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

step typecheck npm run -s typecheck
step lint npm run -s lint
step vitest bash test/with-keychain.sh npx vitest run --coverage
step build npx electron-vite build
step e2e env PLAYWRIGHT_JSON_OUTPUT_NAME=reports/playwright.json bash test/with-keychain.sh npx playwright test --reporter=list,json
step electronegativity node test/electronegativity.mjs
node test/summarize.mjs
