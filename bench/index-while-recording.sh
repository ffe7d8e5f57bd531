#!/bin/sh
# Index while recording, from the program's end to the first answer (issue 16 item 2).
#
# Usage: bench/index-while-recording.sh ITERATIONS [RUNS] [JVM option...]
#   e.g. bench/index-while-recording.sh 25000000 3          (175 M events, 0.28 GB of log)
#        bench/index-while-recording.sh 5000000 3 -Xint     (a program that does more work per event)
#    or: bench/index-while-recording.sh --runs RUNS [--fresh DIR] -- java ARGS...   (any program, e.g. a real one's
#        command line from bench/target/real-programs/runs/*/command.txt; --fresh DIR is deleted before each run,
#        for a program that refuses to write over its last output)
#
# Records the program (by default profq.samples.ManyEvents ITERATIONS) with `profq record` (indexing while it
# runs) and with `profq record --no-index`, in turn, RUNS times each, and prints per run: the program's own time
# (the recording's duration_ns), profq record's wall time, what profq record took after the program
# (its wall time less the program's: JVM start and exit, and with indexing the tail), what it took
# after the recording ended (its exit less the recording's started_at + duration_ns: the JVM's exit,
# and with indexing the tail; the first part of "from the program's end to the first answer"), and the
# first answer of heap_by_method and of time_by_method, each in a new `profq sql` process on its
# own copy of the recording as profq record left it (so each pays for the tables it reads).
# Needs the checkout built (./mvnw -q package -DskipTests) and a few GB in $TMPDIR.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd -P)
fresh=
if [ "$1" = --runs ]; then
    runs=$2
    shift 2
    if [ "$1" = --fresh ]; then
        fresh=$2
        shift 2
    fi
    [ "$1" = -- ] || { echo "usage: $0 --runs RUNS [--fresh DIR] -- java ARGS..." >&2; exit 2; }
    shift
else
    iterations=$1
    runs=${2:-3}
    shift; [ $# -gt 0 ] && shift
    set -- java "$@" -cp "$root/samples/target/classes" profq.samples.ManyEvents "$iterations"
fi
work=${TMPDIR:-/tmp}/profq-index-while-recording.$$
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
now() { date +%s.%N; }
seconds() { echo "$2 - $1" | bc -l | xargs printf '%.2f'; }

printf 'mode\trun\tprogram_s\trecord_s\tafter_program_s\tafter_end_s\tlog_mb\theap_by_method_s\ttime_by_method_s\n'
for run in $(seq 1 "$runs"); do
    for mode in index no-index; do
        rec=$work/$mode.profq
        rm -rf "$rec" "$work/copy.profq"
        [ -n "$fresh" ] && rm -rf "$fresh"
        flag=; [ "$mode" = no-index ] && flag=--no-index
        start=$(now)
        "$root/profq" record $flag --out "$rec" -- "$@" >/dev/null 2>&1
        recorded=$(now)
        program=$("$root/profq" sql "$rec" -e "SELECT duration_ns FROM run" --format csv | tail -1)
        started=$("$root/profq" sql "$rec" -e "SELECT started_at FROM run" --format csv | tail -1 | tr -d '"')
        ended=$(echo "$(date -d "$started" +%s.%N) + $program / 1000000000" | bc -l)
        program_s=$(echo "$program / 1000000000" | bc -l | xargs printf '%.2f')
        record_s=$(seconds "$start" "$recorded")
        log_mb=$(du -sm "$rec/events" | cut -f1)
        cp -r "$rec" "$work/copy.profq"
        t=$(now); "$root/profq" sql "$rec" -e "SELECT * FROM heap_by_method" >/dev/null; heap_s=$(seconds "$t" "$(now)")
        t=$(now); "$root/profq" sql "$work/copy.profq" -e "SELECT * FROM time_by_method" >/dev/null; time_s=$(seconds "$t" "$(now)")
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$mode" "$run" "$program_s" "$record_s" \
            "$(echo "$record_s - $program_s" | bc -l | xargs printf '%.2f')" "$(seconds "$ended" "$recorded")" "$log_mb" "$heap_s" "$time_s"
    done
done
