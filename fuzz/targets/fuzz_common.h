/* fuzz_common.h: what every fuzz target shares: the libFuzzer entry point,
 * FUZZ_ASSERT, and the print/read-back round trip both targets check.
 *
 * A target is one file named after the property it checks and defines only
 * LLVMFuzzerTestOneInput.  Three mains drive it: libFuzzer's (clang
 * -fsanitize=fuzzer), afl_main.c (AFL++ persistent mode, stdin otherwise) and
 * replay_main.c (any compiler: replays files, so CI runs every seed).
 *
 * FUZZ_ASSERT is always on, whatever NDEBUG says: a broken property must
 * abort so that every engine records the input as a crash. */
#ifndef FENCEFUZZ_FUZZ_COMMON_H
#define FENCEFUZZ_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_ASSERT(cond, msg)                                                          \
	do {                                                                            \
		if (!(cond)) {                                                          \
			fprintf(stderr, "%s:%d: FUZZ_ASSERT(%s) failed: %s\n", __FILE__,  \
			        __LINE__, #cond, (msg));                                \
			abort();                                                        \
		}                                                                       \
	} while (0)

/* The canonical text of p; the caller frees it. */
static inline char *
fuzz_print(const Program *p)
{
	StrBuf sb;
	sb_init(&sb);
	ir_print_program(&sb, p);
	return sb_take(&sb);
}

/* The printer/reader contract on a program that verifies: p verifies, its
 * text reads back structurally equal (with an equal hash), and that reads
 * back to the same text.  what names the program in the abort message. */
static inline void
fuzz_check_roundtrip(Arena *a, const Program *p, const char *what)
{
	Diag d;
	FUZZ_ASSERT(ir_verify_program(p, &d) == 0, what);
	char *t1 = fuzz_print(p);
	Program *p2 = ir_read(a, "<printed>", t1, strlen(t1), &d);
	if (!p2) {
		fprintf(stderr, "%s: printed text does not read back: %d:%d: %s\n---- text\n%s----\n",
		        what, d.line, d.col, d.msg, t1);
		FUZZ_ASSERT(p2 != NULL, what);
	}
	FUZZ_ASSERT(ir_verify_program(p2, &d) == 0, what);
	FUZZ_ASSERT(ir_equal_program(p, p2), what);
	FUZZ_ASSERT(ir_hash_program(p) == ir_hash_program(p2), what);
	char *t2 = fuzz_print(p2);
	if (strcmp(t1, t2) != 0)
		fprintf(stderr, "%s: print is not a fixpoint\n---- first\n%s---- second\n%s----\n", what,
		        t1, t2);
	FUZZ_ASSERT(strcmp(t1, t2) == 0, what);
	free(t1);
	free(t2);
}

#endif
