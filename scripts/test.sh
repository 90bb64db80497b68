#!/usr/bin/env bash
# `npm test`: the web build (once: the unit, API and browser tests all use it), the demo
# shop's images if missing, the unit and API tests, the component tests in Chromium, the
# browser tests. With TEST_TIMES set to a file (as .ci/run does), each part's duration is
# added to it as "name<TAB>seconds".
set -euo pipefail

part() {
  local name=$1 start=$SECONDS rc=0
  shift
  "$@" || rc=$?
  if [ -n "${TEST_TIMES:-}" ]; then printf 'npm test: %s\t%s\n' "$name" $((SECONDS - start)) >> "$TEST_TIMES"; fi
  return "$rc"
}

# the runtime the tests run on: the project's own Node (decision 078), not the machine's
echo "npm test on Node $(node -v)"
part build npm run build --silent
part 'demo media' tsx scripts/generate-demo-media.ts --if-missing
# the two Vitest projects of vitest.config.ts apart, so each part's time is told (decision 083)
part vitest vitest run --project node
part 'component tests' vitest run --project browser
part playwright playwright test
