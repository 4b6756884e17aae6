/* replay_main: a plain main for a fuzz target, so that any compiler (gcc, no
 * fuzzing engine) can run every seed and every kept crash.
 *
 *     fuzz_TARGET_replay FILE|DIR...
 *
 * Each file, and each regular file of each directory (in name order, one
 * level), is passed once to LLVMFuzzerTestOneInput.  A broken property
 * aborts (FUZZ_ASSERT); exit status 0 means every input passed, 2 means an
 * input could not be read. */
#include <dirent.h>
#include <sys/stat.h>

#include "fuzz_common.h"

static int
replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "%s: cannot open\n", path);
		return -1;
	}
	size_t cap = 4096, len = 0;
	uint8_t *buf = malloc(cap);
	for (;;) {
		if (!buf)
			abort();
		len += fread(buf + len, 1, cap - len, f);
		if (len < cap)
			break;
		cap *= 2;
		buf = realloc(buf, cap);
	}
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		fprintf(stderr, "%s: read error\n", path);
		free(buf);
		return -1;
	}
	/* An exact-size copy, so that a read past the end shows under ASan. */
	uint8_t *data = malloc(len ? len : 1);
	if (!data)
		abort();
	memcpy(data, buf, len);
	free(buf);
	LLVMFuzzerTestOneInput(data, len);
	free(data);
	return 0;
}

static int
skip_entry(const struct dirent *e)
{
	return e->d_name[0] != '.';
}

int
main(int argc, char **argv)
{
	int ran = 0, failed = 0;
	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
		return 2;
	}
	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) != 0) {
			fprintf(stderr, "%s: no such file or directory\n", argv[i]);
			failed = 1;
			continue;
		}
		if (!S_ISDIR(st.st_mode)) {
			failed |= replay_file(argv[i]) != 0;
			ran++;
			continue;
		}
		struct dirent **names;
		int n = scandir(argv[i], &names, skip_entry, alphasort);
		if (n < 0) {
			fprintf(stderr, "%s: cannot list\n", argv[i]);
			failed = 1;
			continue;
		}
		for (int k = 0; k < n; k++) {
			size_t len = strlen(argv[i]) + strlen(names[k]->d_name) + 2;
			char *path = malloc(len);
			if (!path)
				abort();
			snprintf(path, len, "%s/%s", argv[i], names[k]->d_name);
			if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
				failed |= replay_file(path) != 0;
				ran++;
			}
			free(path);
			free(names[k]);
		}
		free(names);
	}
	printf("%s: %d inputs replayed%s\n", argv[0], ran, failed ? ", some unreadable" : "");
	return failed ? 2 : 0;
}
