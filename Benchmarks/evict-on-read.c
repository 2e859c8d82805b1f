// Loaded with LD_PRELOAD by Benchmarks/instructions-per-key.sh (FOOTPRINT=1): every read from the
// terminal (fd 0) that returns bytes is followed by a write over a buffer larger than the
// simulated last-level cache, so that under callgrind's cache simulator each key starts with
// cold caches, as a real keystroke does. The program's own last-level misses per key are then the
// cache lines it touches; the eviction's misses are counted in termflow_evict_caches and left out.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <sys/types.h>

static unsigned char *buffer;
static size_t size;

__attribute__((noinline)) void termflow_evict_caches(void) {
  if (buffer == NULL) {
    const char *megabytes = getenv("TERMFLOW_EVICT_MB");
    size = (size_t)(megabytes ? atoi(megabytes) : 8) << 20;
    buffer = calloc(size, 1);
    if (buffer == NULL) return;
  }
  for (size_t offset = 0; offset < size; offset += 64) buffer[offset]++;
}

ssize_t read(int descriptor, void *bytes, size_t count) {
  static ssize_t (*next)(int, void *, size_t);
  if (next == NULL) next = (ssize_t (*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
  ssize_t result = next(descriptor, bytes, count);
  if (descriptor == 0 && result > 0) termflow_evict_caches();
  return result;
}
