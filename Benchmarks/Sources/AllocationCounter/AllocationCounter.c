// Counts heap allocations by interposing glibc's allocator entry points. An executable's
// definitions win over libc's for every library in the process, so Swift's runtime allocations
// (swift_slowAlloc → malloc / aligned_alloc) are counted too.
#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stddef.h>

#include "AllocationCounter.h"

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static _Atomic unsigned long allocations;

static void count_one(void) { atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed); }

void *malloc(size_t size) {
  count_one();
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  count_one();
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  count_one();
  return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
  count_one();
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  count_one();
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  count_one();
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return ENOMEM;
  *result = pointer;
  return 0;
}

unsigned long waypoint_allocation_count(void) {
  return atomic_load_explicit(&allocations, memory_order_relaxed);
}

long waypoint_live_bytes(void) {
  // glibc's own accounting, so counting bytes adds nothing to each allocation: the bytes in use
  // in the heap's chunks plus those of the large blocks it maps on its own.
  struct mallinfo2 info = mallinfo2();
  return (long)(info.uordblks + info.hblkhd);
}
