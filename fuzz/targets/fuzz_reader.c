/* fuzz_reader: the TVMScript reader never crashes, whatever the bytes; a
 * program it accepts verifies, prints, reads back structurally equal, and
 * prints the same text again.
 *
 * Rejection (a located diagnostic) is a valid outcome; only aborts, sanitizer
 * reports and hangs are findings.  The input is passed with its exact length
 * and no terminating NUL, so a read past the end shows under ASan. */
#include "fuzz_common.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	Arena *a = ar_new();
	Diag d;
	Program *p = ir_read(a, "<fuzz>", (const char *)data, size, &d);
	if (p)
		fuzz_check_roundtrip(a, p, "reader: accepted input");
	else
		FUZZ_ASSERT(d.msg[0] != '\0', "reader: rejected input without a diagnostic");
	ar_free(a);
	return 0;
}
