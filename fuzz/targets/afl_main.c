/* afl_main: the AFL++ driver for a fuzz target.
 *
 * Built with afl-clang-fast (which defines __AFL_FUZZ_TESTCASE_LEN), it runs
 * in persistent mode with shared-memory test cases: one process serves many
 * inputs, which the targets allow since they keep no state between calls.
 * Built with any other compiler it reads one input from stdin, so the same
 * binary line works for `afl-fuzz -- ./target` without persistent mode and
 * for reproducing a crash by hand: ./target < crash. */
#include "fuzz_common.h"

#ifdef __AFL_FUZZ_TESTCASE_LEN
#include <unistd.h> /* read(), used by __AFL_FUZZ_INIT */

__AFL_FUZZ_INIT();

int
main(void)
{
	__AFL_INIT();
	const unsigned char *buf = __AFL_FUZZ_TESTCASE_BUF;
	while (__AFL_LOOP(10000)) {
		size_t len = (size_t)__AFL_FUZZ_TESTCASE_LEN;
		/* An exact-size copy: the shared buffer is larger than the input,
		 * so a read past its end would go unnoticed under ASan. */
		uint8_t *data = malloc(len ? len : 1);
		if (!data)
			abort();
		memcpy(data, buf, len);
		LLVMFuzzerTestOneInput(data, len);
		free(data);
	}
	return 0;
}
#else
int
main(void)
{
	size_t cap = 4096, len = 0;
	uint8_t *buf = malloc(cap);
	for (;;) {
		if (!buf)
			abort();
		len += fread(buf + len, 1, cap - len, stdin);
		if (len < cap)
			break;
		cap *= 2;
		buf = realloc(buf, cap);
	}
	LLVMFuzzerTestOneInput(buf, len);
	free(buf);
	return 0;
}
#endif
