/* roundtrip: the printer is canonical and the reader its inverse.
 *
 * For every file: read -> print -> read -> print must give the same text
 * twice and structurally equal IR with equal hashes; and for every built-in
 * model, its printed output must read back to IR structurally equal to what
 * the model built.
 *
 *     roundtrip FILE...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "pass.h"

static char *
print_program(const Program *p)
{
	StrBuf sb;
	sb_init(&sb);
	ir_print_program(&sb, p);
	return sb_take(&sb);
}

static Program *
reread(Arena *a, const char *what, const char *text)
{
	Diag d = {0};
	Program *p = ir_read(a, what, text, strlen(text), &d);
	if (!p) {
		printf("FAIL %s: printed text does not read back: ", what);
		diag_print(stdout, &d);
		printf("---- printed text:\n%s\n----\n", text);
	}
	return p;
}

static int
check(const char *path)
{
	Arena *a = ar_new();
	Diag d = {0};
	int failed = 0;
	Program *p = ir_read_file(a, path, &d);
	if (!p) {
		printf("FAIL %s: ", path);
		diag_print(stdout, &d);
		ar_free(a);
		return 1;
	}
	char *t1 = print_program(p);
	Program *p2 = reread(a, path, t1);
	if (!p2) {
		free(t1);
		ar_free(a);
		return 1;
	}
	char *t2 = print_program(p2);
	if (strcmp(t1, t2) != 0) {
		printf("FAIL %s: print(read(print(x))) != print(x)\n---- first\n%s\n---- second\n%s\n", path,
		       t1, t2);
		failed = 1;
	}
	if (!ir_equal_program(p, p2)) {
		printf("FAIL %s: read(print(x)) is not structurally equal to x\n", path);
		failed = 1;
	}
	if (ir_hash_program(p) != ir_hash_program(p2)) {
		printf("FAIL %s: equal programs with different hashes\n", path);
		failed = 1;
	}
	free(t1);
	free(t2);

	int n;
	const PassModel *const *models = pass_models(&n);
	for (int i = 0; i < n; i++) {
		if (!pass_accepts(models[i], p, NULL))
			continue; /* an op the model's version lacks: nothing to read back */
		Program *q = pass_run(models[i], p);
		char *tq = print_program(q);
		Program *q2 = reread(a, path, tq);
		if (!q2)
			failed = 1;
		else if (!ir_equal_program(q, q2)) {
			printf("FAIL %s: output of %s does not read back to the same IR\n", path,
			       models[i]->name);
			failed = 1;
		}
		free(tq);
	}
	ar_free(a);
	return failed;
}

int
main(int argc, char **argv)
{
	int passed = 0, failed = 0;
	for (int i = 1; i < argc; i++) {
		if (check(argv[i]))
			failed++;
		else
			passed++;
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
