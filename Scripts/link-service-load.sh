#!/usr/bin/env bash
# The link service under load: `waypoint-links serve` (release, SQLite, clicks recorded) and a
# plain Hummingbird server answering a fixed 302 (`waypoint-links-baseline`), each alone on one
# core (taskset -c 1), loaded in turn by wrk from the other core with 64 connections. Three rounds
# of 10 seconds each, interleaved, after a warm-up; prints each round and the medians, then stops
# the service with SIGTERM and compares the clicks it wrote with the responses wrk counted. Last,
# 1,000 sequential GET /v1/resolve requests, their p50 and p99.
# Needs Debian's wrk package (installed when missing, as root). Figures: docs/Performance.md.
set -euo pipefail
cd "$(cd "$(dirname "$0")/.." && pwd -P)"
source Scripts/need.sh
need wrk wrk "brew install wrk"
need taskset util-linux
(cd LinkService && swift build -c release > /dev/null)
bin=$(cd LinkService && swift build -c release --show-bin-path)
work=$(mktemp -d)
desktop="Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15"
android="Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36"
WAYPOINT_LINKS_ADMIN_KEY=load-test-admin-key-0123 taskset -c 1 "$bin/waypoint-links" serve --port 18080 \
  --database "$work/links.sqlite" 2> "$work/service.log" &
service=$!
taskset -c 1 "$bin/waypoint-links-baseline" 18081 2> "$work/baseline.log" &
baseline=$!
trap 'kill $service $baseline 2> /dev/null || true; rm -rf "$work"' EXIT
for port in 18080 18081; do
  for _ in $(seq 1 100); do curl -s -o /dev/null "http://127.0.0.1:$port/welcome" && break; sleep 0.1; done
done

# One wrk run: "<requests per second> <p99 in ms> <responses>".
load() {
  local output
  output=$(taskset -c 0 wrk -t1 -c64 -d"$2"s --latency -H "User-Agent: $3" "$1")
  local rate p99 count
  rate=$(awk '/Requests\/sec/ {print $2}' <<< "$output")
  p99=$(awk '$1 == "99%" {print $2}' <<< "$output")
  count=$(awk '/requests in/ {print $1}' <<< "$output")
  case "$p99" in
    *us) p99=$(awk -v v="${p99%us}" 'BEGIN {printf "%.2f", v / 1000}') ;;
    *ms) p99=${p99%ms} ;;
    *s) p99=$(awk -v v="${p99%s}" 'BEGIN {printf "%.2f", v * 1000}') ;;
  esac
  echo "$rate $p99 $count"
}

read -r _ _ sent <<< "$(load http://127.0.0.1:18080/welcome 3 "$desktop")"
load http://127.0.0.1:18081/welcome 3 "$desktop" > /dev/null
declare -a service_rates baseline_rates service_p99 baseline_p99 token_rates token_p99
for round in 1 2 3; do
  read -r rate p99 count <<< "$(load http://127.0.0.1:18081/welcome 10 "$desktop")"
  baseline_rates+=("$rate"); baseline_p99+=("$p99")
  echo "round $round: plain Hummingbird 302      $rate/s  p99 ${p99} ms"
  read -r rate p99 count <<< "$(load http://127.0.0.1:18080/welcome 10 "$desktop")"
  service_rates+=("$rate"); service_p99+=("$p99"); sent=$((sent + count))
  echo "round $round: waypoint-links, desktop    $rate/s  p99 ${p99} ms"
  read -r rate p99 count <<< "$(load http://127.0.0.1:18080/welcome 10 "$android")"
  token_rates+=("$rate"); token_p99+=("$p99"); sent=$((sent + count))
  echo "round $round: waypoint-links, Android    $rate/s  p99 ${p99} ms (a signed token each)"
done
median() { printf '%s\n' "$@" | sort -g | sed -n 2p; }
echo
echo "median: plain Hummingbird $(median "${baseline_rates[@]}")/s p99 $(median "${baseline_p99[@]}") ms"
echo "median: waypoint-links desktop redirect $(median "${service_rates[@]}")/s p99 $(median "${service_p99[@]}") ms"
echo "median: waypoint-links Android redirect with a signed token $(median "${token_rates[@]}")/s p99 $(median "${token_p99[@]}") ms"
awk -v s="$(median "${service_rates[@]}")" -v b="$(median "${baseline_rates[@]}")" \
  'BEGIN {printf "ratio: waypoint-links / plain = %.2f\n", s / b}'

# GET /v1/resolve/{code}, as an app asks for a code its table lacks: 1,000 requests one after
# another on one kept-alive connection (curl, from the other core), each one's time measured.
for _ in $(seq 1 1000); do
  printf 'url = "http://127.0.0.1:18080/v1/resolve/welcome?platform=ios"\noutput = "/dev/null"\n'
done > "$work/resolve.curl"
taskset -c 0 curl -s -K "$work/resolve.curl" -w '%{http_code} %{time_total}\n' > "$work/resolve.times"
awk '$1 != 200 {bad++} {print $2 * 1000} END {if (bad) {print "resolve: " bad " answers were not 200" > "/dev/stderr"; exit 1}}' \
  "$work/resolve.times" | sort -g | awk '{t[NR] = $1} END {
    printf "resolve: %d sequential requests, p50 %.2f ms, p99 %.2f ms, max %.2f ms\n", NR, t[int(NR * 0.5)], t[int(NR * 0.99)], t[NR]}'

kill -TERM $service
wait $service || true
written=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(\"select coalesce(sum(count),0) from clicks where kind='person'\").fetchone()[0])" "$work/links.sqlite")
echo "clicks: wrk counted $sent responses of the service (warm-up included); it wrote $written clicks of people"
echo "  (a request wrk cut off at the end of a run is counted by the service, not by wrk)"
