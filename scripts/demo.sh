#!/usr/bin/env bash
# The main job on a bundled sample: set up if needed, compile sample-projects/basics, let jtc write
# JUnit 5 tests for some of its classes, then run the written tests under JaCoCo and print their
# coverage next to the project's hand-written tests (and the union of both).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh

demo=build/demo
classes=$demo/classes
generated=$demo/generated-tests
rm -rf "$demo"
mkdir -p "$classes"
javac -g --release 11 -d "$classes" $(find sample-projects/basics/src/main/java -name '*.java')

subjects="com.example.basics.Bmi com.example.basics.Gcd com.example.basics.Weekday com.example.basics.Strings"
set +e
.venv/bin/jtc generate --classpath "$classes" --output "$generated" --time-budget 20 $subjects
status=$?
set -e
echo
echo "Generated test sources: $generated"
echo
.venv/bin/jtc coverage --classpath "$classes" --tests "$generated" --tests sample-projects/basics/src/test/java $subjects
exit $status
