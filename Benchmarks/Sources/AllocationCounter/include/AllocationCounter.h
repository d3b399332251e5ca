#ifndef WAYPOINT_ALLOCATION_COUNTER_H
#define WAYPOINT_ALLOCATION_COUNTER_H

/// How many heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign)
/// the process has made since it started. Linking this target into an executable interposes the
/// allocator functions for the whole process, the Swift runtime included.
unsigned long waypoint_allocation_count(void);

/// The bytes in use on the heap now, from glibc's accounting (`mallinfo2`): chunks in use,
/// their headers and rounding included, and blocks mapped on their own.
long waypoint_live_bytes(void);

#endif
