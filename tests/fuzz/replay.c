/*
** replay.c -- runs a libFuzzer harness's inputs once each without
** libFuzzer, for a build where it is missing (a cross-built program run
** under qemu, say): linked with a harness, it passes each file named on
** the command line, or each file of a folder named there, to
** LLVMFuzzerTestOneInput.  A failed invariant aborts, as under libFuzzer.
**
**   build/replay/fuzz_scan tests/fuzz/corpus/fuzz_scan
*/
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Runs the harness on the file at path; 0 when it cannot be read. */
static int replay_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) return 0;
  size_t cap = 4096, size = 0, got;
  uint8_t *data = malloc(cap);
  while (data != NULL && (got = fread(data + size, 1, cap - size, f)) > 0) {
    size += got;
    if (size == cap) {
      uint8_t *more = realloc(data, cap *= 2);
      if (more == NULL) free(data);
      data = more;
    }
  }
  fclose(f);
  if (data == NULL) return 0;
  LLVMFuzzerTestOneInput(data, size);
  free(data);
  return 1;
}

int main(int argc, char **argv) {
  size_t runs = 0;
  for (int i = 1; i < argc; i++) {
    struct stat st;
    if (stat(argv[i], &st) != 0) {
      fprintf(stderr, "replay: cannot read %s\n", argv[i]);
      return 1;
    }
    if (!S_ISDIR(st.st_mode)) {
      runs += (size_t)replay_file(argv[i]);
      continue;
    }
    DIR *dir = opendir(argv[i]);
    struct dirent *e;
    while (dir != NULL && (e = readdir(dir)) != NULL) {
      char path[4096];
      if (e->d_name[0] == '.') continue;
      snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
      if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) runs += (size_t)replay_file(path);
    }
    if (dir != NULL) closedir(dir);
  }
  printf("replay: %zu inputs, every invariant held\n", runs);
  return 0;
}
