/* roundtrip: the printer is canonical and the reader its inverse.
 *
 * For every file: read -> print -> read -> print must give the same text
 * twice and structurally equal IR with equal hashes; and for every built-in
 * model, its printed output must read back to IR structurally equal to what
 * the model built.  Then in the other TVMScript era, where the program
 * converts (ir_era_check): the converted text reads back as that era, is a
 * fixed point (print -> read -> print gives it again, with equal IR), and
 * every model's output on it prints and reads back the same way.  Printed
 * to a file as it goes (ir_print_program_file: written at every line and
 * written over when a function is printed again; to a pipe, held), the
 * text is the same.
 *
 *     roundtrip FILE...
 */
#define _POSIX_C_SOURCE 200809L /* pipe, fdopen, fcntl */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

static Program *reread(Arena *a, const char *what, const char *text);

/* The bytes of f from its start. */
static char *
file_text(FILE *f)
{
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	char *t = malloc((size_t)(n > 0 ? n : 0) + 1);
	rewind(f);
	size_t k = n > 0 ? fread(t, 1, (size_t)n, f) : 0;
	t[k] = 0;
	return t;
}

/* ir_print_program_file on p, chunk bytes at a time, into a file holding
 * a line already (so from an offset; also opened for appending, where
 * nothing can be written over), and into a pipe: want after the line,
 * want. */
static int
check_file_print(const char *path, const Program *p, const char *want, size_t chunk)
{
	int fd[2];
	if (pipe(fd)) {
		printf("FAIL %s: no pipe\n", path);
		return 1;
	}
	StrBuf sb;
	sb_init(&sb);
	int failed = 0;
	for (int append = 0; append < 2; append++) {
		FILE *f = tmpfile();
		if (!f || (append && fcntl(fileno(f), F_SETFL, O_APPEND))) {
			printf("FAIL %s: no temporary file\n", path);
			return 1;
		}
		fputs("#\n", f);
		failed |= ir_print_program_file(f, p, &sb, chunk) != 0;
		char *got = file_text(f);
		fclose(f);
		failed |= strncmp(got, "#\n", 2) != 0 || strcmp(got + 2, want) != 0;
		free(got);
	}
	/* A pipe cannot be written over; what fits in its buffer is read back. */
	FILE *w = fdopen(fd[1], "w"), *r = fdopen(fd[0], "r");
	if (strlen(want) < 60000) {
		failed |= ir_print_program_file(w, p, &sb, chunk) != 0;
		fclose(w);
		char *got = malloc(strlen(want) + 2);
		size_t k = fread(got, 1, strlen(want) + 1, r);
		got[k] = 0;
		failed |= strcmp(got, want) != 0;
		free(got);
	} else {
		fclose(w);
	}
	fclose(r);
	sb_free(&sb);
	if (failed)
		printf("FAIL %s: ir_print_program_file (chunk %zu) does not write ir_print_program's text\n", path,
		       chunk);
	return failed;
}

static char *
print_era(const Program *p, IrEra era)
{
	StrBuf sb;
	sb_init(&sb);
	IrPrintOptions o = {.era = era};
	ir_print_program_opts(&sb, p, &o);
	return sb_take(&sb);
}

static int nconverted;

/* The other era's text of p: read back, a fixed point, models too. */
static int
check_other_era(Arena *a, const char *path, const Program *p)
{
	IrEra other = p->era == ERA_HEAD ? ERA_SEED : ERA_HEAD;
	Diag d = {0};
	if (ir_era_check(p, other, &d))
		return 0;
	nconverted++;
	int failed = 0;
	char *c1 = print_era(p, other);
	Program *c = reread(a, path, c1);
	if (!c) {
		free(c1);
		return 1;
	}
	char *c2 = print_program(c);
	Program *c3 = reread(a, path, c2);
	if (c->era != other) {
		printf("FAIL %s: %s-era text reads back as %s-era\n", path, ir_era_name(other), ir_era_name(c->era));
		failed = 1;
	} else if (strcmp(c1, c2) != 0) {
		printf("FAIL %s: %s-era text is not a fixed point\n---- first\n%s\n---- second\n%s\n", path,
		       ir_era_name(other), c1, c2);
		failed = 1;
	} else if (!c3 || !ir_equal_program(c, c3)) {
		printf("FAIL %s: %s-era text does not read back to the same IR\n", path, ir_era_name(other));
		failed = 1;
	}
	int n;
	const PassModel *const *models = pass_models(&n);
	for (int i = 0; i < n && !failed; i++) {
		if (!pass_accepts(models[i], c, NULL))
			continue; /* an op its version does not have: refused, not run */
		Program *q = pass_run(models[i], c);
		char *tq = print_program(q);
		Program *q2 = reread(a, path, tq);
		if (!q2 || q2->era != other || !ir_equal_program(q, q2)) {
			printf("FAIL %s: output of %s on the %s-era text does not read back to the same IR\n", path,
			       models[i]->name, ir_era_name(other));
			failed = 1;
		}
		free(tq);
	}
	free(c1);
	free(c2);
	return failed;
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
	failed |= check_file_print(path, p, t1, 1) | check_file_print(path, p, t1, 1 << 20);
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
	if (check_other_era(a, path, p))
		failed = 1;
	/* Every tl op spelled T.call_intrin(..., Op.get("tl.NAME"), ...) reads
	 * back to the same IR, in either era. */
	for (int e = 0; e < 2 && !failed; e++) {
		if (e != (int)p->era && ir_era_check(p, (IrEra)e, &(Diag){0}))
			continue;
		StrBuf sb;
		sb_init(&sb);
		IrPrintOptions o = {.era = (IrEra)e, .tl_call_intrin = 1};
		ir_print_program_opts(&sb, p, &o);
		char *ti = sb_take(&sb);
		Program *pi = reread(a, path, ti);
		if (!pi)
			failed = 1;
		else if (e == (int)p->era ? !ir_equal_program(p, pi) : pi->era != (IrEra)e) {
			printf("FAIL %s: the T.call_intrin spelling (%s era) does not read back to the same IR\n", path,
			       ir_era_name((IrEra)e));
			failed = 1;
		}
		free(ti);
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
	printf("%d passed, %d failed (%d also in the other era)\n", passed, failed, nconverted);
	return failed != 0;
}
