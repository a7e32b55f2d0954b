#!/usr/bin/env bash
# Side by side: Apache Hadoop's NNThroughputBenchmark (hadoop-hdfs 3.4.2 test-jar) and hbench's, both
# standalone (a NameNode in the benchmark's own JVM), on this machine, one after the other, each op in a
# fresh JVM on a freshly formatted name directory. hbench runs twice per op: latency histograms on and off.
# Usage: [PERF_TMP=dir] bench-nnthroughput/perf/compare-with-hadoop.sh [threads] [files] [rounds]
# PERF_TMP holds the name directories (default /tmp); /dev/shm takes the disk's fsync time out of the figures.
# Prints one line per run: tool op ops/sec; a summary at the end. Not a test: it takes minutes.
set -euo pipefail
cd "$(dirname "$0")/../.."
THREADS=${1:-16}
FILES=${2:-50000}
ROUNDS=${3:-1}
WORK=$(mktemp -d "${PERF_TMP:-/tmp}/nnbench-perf.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

./mvnw -q -o -B -pl bench-core,bench-nnthroughput test-compile dependency:build-classpath \
  -Dmdep.outputFile="$WORK/cp.txt" -Dmdep.includeScope=test >/dev/null
# The last module's classpath wins (bench-nnthroughput's), plus both modules' classes.
CP="$(cat "$WORK/cp.txt"):bench-nnthroughput/target/classes:bench-core/target/classes"
OPENS=$(sed -n 's#.*<hadoop.jvm.opens>\(.*\)</hadoop.jvm.opens>.*#\1#p' pom.xml)
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
HEAP=${HEAP:-4g}

mkdir -p "$WORK/conf"
cat > "$WORK/conf/core-site.xml" <<XML
<configuration><property><name>hadoop.tmp.dir</name><value>$WORK/hadoop</value></property></configuration>
XML
cat > "$WORK/conf/log4j.properties" <<PROPS
log4j.rootLogger=WARN,console
log4j.logger.org.apache.hadoop.hdfs.server.namenode.NNThroughputBenchmark=INFO
log4j.logger.org.apache.hadoop.hdfs.server=ERROR
log4j.logger.org.apache.hadoop.metrics2=ERROR
log4j.appender.console=org.apache.log4j.ConsoleAppender
log4j.appender.console.target=System.err
log4j.appender.console.layout=org.apache.log4j.PatternLayout
log4j.appender.console.layout.ConversionPattern=%m%n
PROPS
RUN=("$JAVA" -Xmx"$HEAP" $OPENS -Dlog4j.configuration="file:$WORK/conf/log4j.properties" -cp "$WORK/conf:$CP")

op_args() {
  case $1 in
    create) echo "-op create -threads $THREADS -files $FILES -close" ;;
    mkdirs) echo "-op mkdirs -threads $THREADS -dirs $FILES" ;;
    *) echo "-op $1 -threads $THREADS -files $FILES" ;;
  esac
}

hadoop_run() {
  rm -rf "$WORK/hadoop"
  "${RUN[@]}" org.apache.hadoop.hdfs.server.namenode.NameNode -format -force >/dev/null 2>&1
  "${RUN[@]}" org.apache.hadoop.hdfs.server.namenode.NNThroughputBenchmark $(op_args "$1") 2>&1 \
    | sed -n 's/^ Ops per sec: //p' | tail -1
}

hbench_run() {
  rm -rf "$WORK/hbench"
  "${RUN[@]}" io.hbench.nnthroughput.NnThroughputTool $(op_args "$1") $2 -standaloneDir "$WORK/hbench" 2>/dev/null \
    | sed -n 's/^ Ops per sec: //p' | tail -1
}

printf '%-8s %-12s %16s\n' tool op "ops/sec"
for round in $(seq "$ROUNDS"); do
  for op in create mkdirs open fileStatus delete rename; do
    h=$(hadoop_run "$op"); printf '%-8s %-12s %16s\n' hadoop "$op" "$h"
    b=$(hbench_run "$op" ""); printf '%-8s %-12s %16s\n' hbench "$op" "$b"
    n=$(hbench_run "$op" "-noHistograms"); printf '%-8s %-12s %16s\n' hbench-nh "$op" "$n"
    echo "RESULT $round $op $h $b $n" >> "$WORK/results"
  done
done
echo
echo "median of $ROUNDS round(s); ratio = hbench / hadoop; histogram cost = (off - on) / off"
python3 - "$WORK/results" <<'PY'
import sys, statistics
rows = {}
for line in open(sys.argv[1]):
    _, _, op, h, b, n = line.split()
    rows.setdefault(op, []).append((float(h), float(b), float(n)))
print("%-12s %12s %12s %12s %8s %10s" % ("op", "hadoop", "hbench", "hbench-nh", "ratio", "hist-cost"))
for op, runs in rows.items():
    h, b, n = (statistics.median(r[i] for r in runs) for i in range(3))
    print("%-12s %12.0f %12.0f %12.0f %7.2fx %9.1f%%" % (op, h, b, n, b / h, 100 * (n - b) / n))
PY
