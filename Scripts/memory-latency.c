// How long one read waits when the next address depends on it, for working sets from 16 KiB to
// 256 MiB: the cost a table lookup pays at each step that misses the caches.
//
// Build and run (any C compiler; the Swift toolchain's clang works):
//   cc -O2 Scripts/memory-latency.c -o /tmp/memory-latency && /tmp/memory-latency
//
// Each working set is a ring of 64-byte lines visited in a random order, so neither the hardware
// prefetcher nor the out-of-order core can run ahead: every read waits for the one before it.
// The figure printed is the best of three passes of 20 million reads.

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double nanoseconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec * 1e9 + (double)now.tv_nsec;
}

// xorshift64*: a fixed seed, so every run visits the lines in the same order.
static uint64_t next_random(uint64_t *state) {
  *state ^= *state >> 12;
  *state ^= *state << 25;
  *state ^= *state >> 27;
  return *state * 0x2545F4914F6CDD1DULL;
}

int main(void) {
  const size_t line = 64;
  const size_t reads = 20000000;
  uint64_t state = 0x9E3779B97F4A7C15ULL;
  printf("working set   ns per dependent read\n");
  for (size_t size = 16 << 10; size <= (size_t)256 << 20; size *= 2) {
    size_t count = size / line;
    char *lines = aligned_alloc(line, size);
    size_t *order = malloc(count * sizeof(size_t));
    if (lines == NULL || order == NULL) return 1;
    for (size_t i = 0; i < count; i++) order[i] = i;
    for (size_t i = count - 1; i > 0; i--) {  // Fisher–Yates shuffle
      size_t j = (size_t)(next_random(&state) % (i + 1));
      size_t kept = order[i];
      order[i] = order[j];
      order[j] = kept;
    }
    // Each line holds the address of the next one in the shuffled order, closing the ring.
    for (size_t i = 0; i < count; i++) {
      *(char **)(lines + order[i] * line) = lines + order[(i + 1) % count] * line;
    }
    char *at = lines + order[0] * line;
    for (size_t i = 0; i < count; i++) at = *(char **)at;  // warm the caches and the TLB
    double best = 1e30;
    for (int pass = 0; pass < 3; pass++) {
      double start = nanoseconds();
      for (size_t i = 0; i < reads; i++) at = *(char **)at;
      double each = (nanoseconds() - start) / (double)reads;
      if (each < best) best = each;
    }
    // Printing where the walk ended keeps the compiler from dropping it.
    printf("%8zu KiB   %6.1f%s\n", size >> 10, best, at == NULL ? " (empty)" : "");
    free(order);
    free(lines);
  }
  return 0;
}
