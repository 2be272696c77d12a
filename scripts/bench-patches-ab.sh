#!/usr/bin/env bash
# One callgrind count of the measured requests of scripts/bench-patches-requests.mjs: instrumentation
# is off during Node's start, the build's import and the warm-up, turned on after "ready" and counted
# until "done". Prints the instructions (Ir) of the measured phase. Usage: bench-patches-ab.sh WARM N
set -euo pipefail
cd "$(dirname "$0")/.."
warm=${1:-10}; n=${2:-10}
out=$(mktemp -d)
coproc VG { NODE_ENV=production WAIT_FOR_ENTER=1 exec valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$out/cg.out" \
  node --conditions=worker --single-threaded scripts/bench-patches-requests.mjs "$warm" "$n" 2>"$out/vg.log"; }
pid=$VG_PID
read -r line <&"${VG[0]}"; echo "$line" >&2
callgrind_control -i on "$pid" >/dev/null
echo >&"${VG[1]}"
read -r line <&"${VG[0]}"
wait "$pid" || true
# Counted only while instrumented: from "ready" to the process's exit right after "done".
grep -h "^summary:" "$out/cg.out" | awk '{print $2}'
rm -rf "$out"
