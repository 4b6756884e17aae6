/* check.h: the assertion counter the C tests share.  CHECK(cond, fmt, ...)
 * counts a pass, or prints where and what failed and counts a failure;
 * check_summary() prints the `N passed, N failed` line CTest logs end with
 * and returns the exit status. */
#ifndef FENCEFUZZ_TESTS_CHECK_H
#define FENCEFUZZ_TESTS_CHECK_H

#include <stdio.h>

static int npass, nfail;

#define CHECK(cond, ...)                                                  \
	do {                                                                  \
		if (cond) {                                                       \
			npass++;                                                      \
		} else {                                                          \
			nfail++;                                                      \
			printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);        \
			printf(__VA_ARGS__);                                          \
			printf("\n");                                                 \
		}                                                                 \
	} while (0)

static inline int
check_summary(void)
{
	printf("%d passed, %d failed\n", npass, nfail);
	return nfail != 0;
}

#endif
