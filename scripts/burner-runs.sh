#!/usr/bin/env bash
# The test suites on a machine that is busy (issue 35): the unit and API suites run RUNS times in a
# row while `yes > /dev/null` keeps every core busy, and each run prints one pass/fail line. A test
# that passes alone and fails here leans on timing. The burners are this script's own processes,
# stopped by their ids when it ends (also on Ctrl-C).
#
#   scripts/burner-runs.sh [-n RUNS] [--suites unit,api] [FILE...]
#
# -n RUNS      how many runs (default 3)
# --suites     which suites, comma-separated: unit, api (default both)
# FILE...      only these test files (each suite is given them; vitest runs those of its project)
#
# The API suite runs as CI runs it: on PostgreSQL (TEST_DATABASE_URL, default the local one) without
# the data folder's own tests (tests/api/data-folder-tests.txt), then those on PGlite. Logs go to
# .tmp/burner-runs/. Exit status 0 when every run of every suite passed.
set -uo pipefail
cd "$(dirname "$0")/.."

runs=3
suites="unit,api"
files=()
while [ $# -gt 0 ]; do
  case "$1" in
    -n) runs="$2"; shift 2 ;;
    --suites) suites="$2"; shift 2 ;;
    -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) files+=("$1"); shift ;;
  esac
done
case "$runs" in ''|*[!0-9]*) echo "-n wants a number of runs, not '$runs'" >&2; exit 2 ;; esac

export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
logs=".tmp/burner-runs"
mkdir -p "$logs"
data_folder_tests=()
while IFS= read -r line; do
  case "$line" in ''|'#'*) ;; *) data_folder_tests+=("$line") ;; esac
done < tests/api/data-folder-tests.txt

burners=()
stop_burners() {
  for pid in "${burners[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${burners[@]}"; do wait "$pid" 2>/dev/null; done
  burners=()
}
trap stop_burners EXIT
trap 'exit 130' INT TERM

cores="$(nproc)"
for _ in $(seq "$cores"); do
  yes > /dev/null &
  burners+=("$!")
done
echo "$cores burners (yes > /dev/null, pids ${burners[*]}); $runs runs of: ${suites//,/ }${files:+ (files: ${files[*]})}"

# The given files of the API suite (tests/api/), or of the unit suite (the others but tests/e2e/).
api_files() {
  local file
  for file in "${files[@]}"; do case "$file" in tests/api/*) printf '%s\n' "$file" ;; esac; done
}
unit_files() {
  local file
  for file in "${files[@]}"; do case "$file" in tests/api/*|tests/e2e/*) ;; *) printf '%s\n' "$file" ;; esac; done
}

run_unit() {
  local chosen=()
  if [ ${#files[@]} -gt 0 ]; then
    mapfile -t chosen < <(unit_files)
    [ ${#chosen[@]} -eq 0 ] && { echo "no unit test among the files given"; return 0; }
  fi
  npx vitest run --project unit "${chosen[@]}"
}

run_api() {
  local chosen=() on_pglite=() file excluded
  if [ ${#files[@]} -gt 0 ]; then
    mapfile -t chosen < <(api_files)
    [ ${#chosen[@]} -eq 0 ] && { echo "no API test among the files given"; return 0; }
    for file in "${chosen[@]}"; do
      for excluded in "${data_folder_tests[@]}"; do [ "$file" = "$excluded" ] && on_pglite+=("$file"); done
    done
  else
    on_pglite=("${data_folder_tests[@]}")
  fi
  local exclude
  exclude="$(IFS=,; echo "${data_folder_tests[*]}")"
  local on_postgres=()
  for file in "${chosen[@]}"; do
    case ",$exclude," in *",$file,"*) ;; *) on_postgres+=("$file") ;; esac
  done
  local status=0
  if [ ${#files[@]} -eq 0 ] || [ ${#on_postgres[@]} -gt 0 ]; then
    API_TESTS_EXCLUDE="$exclude" npx vitest run --project api "${on_postgres[@]}" || status=1
  fi
  if [ ${#on_pglite[@]} -gt 0 ]; then
    env -u TEST_DATABASE_URL npx vitest run --project api "${on_pglite[@]}" || status=1
  fi
  return $status
}

failed=0
for run in $(seq "$runs"); do
  for suite in ${suites//,/ }; do
    log="$logs/run-$run-$suite.log"
    started=$SECONDS
    case "$suite" in
      unit) run_unit > "$log" 2>&1 ;;
      api) run_api > "$log" 2>&1 ;;
      *) echo "unknown suite: $suite" >&2; exit 2 ;;
    esac
    status=$?
    took=$((SECONDS - started))
    if [ $status -eq 0 ]; then
      echo "run $run/$runs $suite: pass in ${took} s ($log)"
    else
      failed=1
      # The failing tests' names, so the line says what to look at.
      names="$(grep -E '^\s*(FAIL|×)' "$log" | sed 's/\x1b\[[0-9;]*m//g' | head -5 | tr -s ' ' | paste -sd ';' -)"
      echo "run $run/$runs $suite: FAIL in ${took} s ($log)${names:+ — $names}"
    fi
  done
done
exit $failed
