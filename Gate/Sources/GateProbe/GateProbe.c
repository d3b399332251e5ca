// Callgrind's client requests around each measured operation. Outside callgrind they do nothing.
#include <valgrind/callgrind.h>

#include "GateProbe.h"

void gate_start(void) {
  CALLGRIND_ZERO_STATS;
  CALLGRIND_START_INSTRUMENTATION;
}

void gate_stop(const char *name) {
  CALLGRIND_STOP_INSTRUMENTATION;
  CALLGRIND_DUMP_STATS_AT(name);
}
