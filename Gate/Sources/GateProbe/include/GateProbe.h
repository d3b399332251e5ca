#ifndef WAYPOINT_GATE_PROBE_H
#define WAYPOINT_GATE_PROBE_H

/// Starts counting instructions (callgrind's instrumentation on, its counters zeroed).
/// Outside callgrind it does nothing.
void gate_start(void);

/// Stops counting and writes callgrind's counts since `gate_start` to a dump named `name`.
void gate_stop(const char *name);

#endif
