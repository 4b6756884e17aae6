/* golden_tilelang: the pass models against TileLang's real compiled pass.
 *
 * corpus/golden-tilelang/ holds triples pNNNNN.in.py (input), .out.py (what
 * TileLang 9f25954's InjectFenceProxy made of it) and .legacy.py (what the
 * legacy pass a60d619 made of it).  For every input this test runs
 * tilelang-9f25954 and tilelang-legacy and compares each output structurally
 * (ir_equal_program) with the golden file, printing a line diff of the two
 * canonical printings on a mismatch.
 *
 *     golden_tilelang DIR [pNNNNN...]
 *
 * Exit status: 0 all passed, 1 a mismatch or an unreadable file, 2 usage or
 * an empty directory.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "pass.h"

static const struct {
	const char *model;
	const char *suffix;
} checks[] = {
	{"tilelang-9f25954", ".out.py"},
	{"tilelang-legacy", ".legacy.py"},
};

enum { NCHECKS = sizeof checks / sizeof checks[0] };
enum { CONTEXT = 3, MAX_LCS_CELLS = 4 << 20 };

static const char IN_SUFFIX[] = ".in.py";

static int
cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int
ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* The stems (pNNNNN) of every *.in.py in dir, sorted; NULL on error. */
static char **
list_inputs(const char *dir, int *count)
{
	DIR *d = opendir(dir);
	if (!d)
		return NULL;
	int n = 0, cap = 64;
	char **names = malloc(sizeof *names * (size_t)cap);
	struct dirent *e;
	while (names && (e = readdir(d))) {
		if (!ends_with(e->d_name, IN_SUFFIX))
			continue;
		if (n == cap) {
			cap *= 2;
			char **grown = realloc(names, sizeof *names * (size_t)cap);
			if (!grown)
				abort();
			names = grown;
		}
		names[n++] = strndup(e->d_name, strlen(e->d_name) - (sizeof IN_SUFFIX - 1));
	}
	closedir(d);
	if (names)
		qsort(names, (size_t)n, sizeof *names, cmp_names);
	*count = n;
	return names;
}

typedef struct Lines {
	char *text;
	char **line;
	int n;
} Lines;

static Lines
split_lines(const Program *p)
{
	StrBuf sb;
	sb_init(&sb);
	ir_print_program(&sb, p);
	Lines l = {sb_take(&sb), NULL, 0};
	int cap = 1;
	for (const char *c = l.text; *c; c++)
		cap += *c == '\n';
	l.line = malloc(sizeof *l.line * (size_t)cap);
	if (!l.line)
		abort();
	for (char *c = l.text; c && *c;) {
		l.line[l.n++] = c;
		c = strchr(c, '\n');
		if (c)
			*c++ = '\0';
	}
	return l;
}

static void
free_lines(Lines *l)
{
	free(l->text);
	free(l->line);
}

/* A unified-style diff of got (-) against want (+), CONTEXT lines around
 * each change, from an LCS table; for huge outputs only the first
 * difference. */
static void
print_diff(const Lines *got, const Lines *want)
{
	int n = got->n, m = want->n;
	if ((long long)(n + 1) * (m + 1) > MAX_LCS_CELLS) {
		int i = 0;
		while (i < n && i < m && strcmp(got->line[i], want->line[i]) == 0)
			i++;
		printf("  first difference at line %d:\n  -%s\n  +%s\n", i + 1,
		       i < n ? got->line[i] : "(end)", i < m ? want->line[i] : "(end)");
		return;
	}
	int *lcs = calloc((size_t)(n + 1) * (size_t)(m + 1), sizeof *lcs);
	if (!lcs)
		abort();
#define L(i, j) lcs[(size_t)(i) * (size_t)(m + 1) + (size_t)(j)]
	for (int i = n - 1; i >= 0; i--)
		for (int j = m - 1; j >= 0; j--)
			L(i, j) = strcmp(got->line[i], want->line[j]) == 0 ? L(i + 1, j + 1) + 1
			          : L(i + 1, j) > L(i, j + 1) ? L(i + 1, j) : L(i, j + 1);
	/* The edit script: ' ', '-' or '+' with the line. */
	int len = 0;
	char *op = malloc((size_t)(n + m + 1));
	const char **text = malloc(sizeof *text * (size_t)(n + m + 1));
	int *got_line = malloc(sizeof *got_line * (size_t)(n + m + 1));
	int *want_line = malloc(sizeof *want_line * (size_t)(n + m + 1));
	if (!op || !text || !got_line || !want_line)
		abort();
	for (int i = 0, j = 0; i < n || j < m; len++) {
		got_line[len] = i + 1, want_line[len] = j + 1;
		if (i < n && j < m && strcmp(got->line[i], want->line[j]) == 0) {
			op[len] = ' ', text[len] = got->line[i];
			i++, j++;
		} else if (j < m && (i == n || L(i, j + 1) >= L(i + 1, j))) {
			op[len] = '+', text[len] = want->line[j++];
		} else {
			op[len] = '-', text[len] = got->line[i++];
		}
	}
#undef L
	int last_printed = -1;
	for (int k = 0; k < len; k++) {
		int near = 0;
		for (int d = -CONTEXT; d <= CONTEXT && !near; d++)
			near = k + d >= 0 && k + d < len && op[k + d] != ' ';
		if (!near)
			continue;
		if (last_printed != k - 1)
			printf("  @@ -%d +%d @@\n", got_line[k], want_line[k]);
		printf("  %c%s\n", op[k], text[k]);
		last_printed = k;
	}
	free(op);
	free(text);
	free(got_line);
	free(want_line);
	free(lcs);
}

static char *
path_of(const char *dir, const char *stem, const char *suffix)
{
	size_t n = strlen(dir) + strlen(stem) + strlen(suffix) + 2;
	char *p = malloc(n);
	if (!p)
		abort();
	snprintf(p, n, "%s/%s%s", dir, stem, suffix);
	return p;
}

/* Runs every check on one triple; returns the number of failed checks and
 * counts per check in failed[]. */
static int
check_one(const char *dir, const char *stem, int failed[NCHECKS])
{
	int nfail = 0;
	Arena *a = ar_new();
	Diag d;
	char *in_path = path_of(dir, stem, IN_SUFFIX);
	Program *in = ir_read_file(a, in_path, &d);
	if (!in) {
		printf("FAIL %s: cannot read input: ", in_path);
		fflush(stdout);
		diag_print(stdout, &d);
		for (int c = 0; c < NCHECKS; c++)
			failed[c]++;
		free(in_path);
		ar_free(a);
		return NCHECKS;
	}
	for (int c = 0; c < NCHECKS; c++) {
		const PassModel *m = pass_find(checks[c].model);
		char *want_path = path_of(dir, stem, checks[c].suffix);
		Program *want = ir_read_file(a, want_path, &d);
		if (!m || !want) {
			printf("FAIL %s [%s]: ", want_path, checks[c].model);
			if (!m) {
				printf("no such model\n");
			} else {
				printf("cannot read: ");
				fflush(stdout);
				diag_print(stdout, &d);
			}
			failed[c]++, nfail++;
			free(want_path);
			continue;
		}
		Program *got = pass_run(m, in);
		if (!ir_equal_program(got, want)) {
			printf("FAIL %s [%s]: model output (-) differs from %s (+)\n", in_path,
			       m->name, want_path);
			Lines lg = split_lines(got), lw = split_lines(want);
			print_diff(&lg, &lw);
			if (lg.n == lw.n) {
				int same = 1;
				for (int i = 0; i < lg.n && same; i++)
					same = strcmp(lg.line[i], lw.line[i]) == 0;
				if (same)
					printf("  (the printings are identical: structural equality differs)\n");
			}
			free_lines(&lg);
			free_lines(&lw);
			failed[c]++, nfail++;
		}
		free(want_path);
	}
	free(in_path);
	ar_free(a);
	return nfail;
}

static int
wanted(const char *stem, int argc, char **argv)
{
	if (argc <= 2)
		return 1;
	for (int i = 2; i < argc; i++)
		if (strcmp(argv[i], stem) == 0)
			return 1;
	return 0;
}

int
main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: golden_tilelang DIR [pNNNNN...]\n");
		return 2;
	}
	const char *dir = argv[1];
	int n;
	char **stems = list_inputs(dir, &n);
	if (!stems) {
		perror(dir);
		return 2;
	}
	int failed[NCHECKS] = {0}, ran = 0, passed = 0, nfailed = 0;
	for (int i = 0; i < n; i++) {
		if (wanted(stems[i], argc, argv)) {
			int f = check_one(dir, stems[i], failed);
			ran++;
			nfailed += f;
			passed += NCHECKS - f;
		}
		free(stems[i]);
	}
	free(stems);
	if (ran == 0) {
		fprintf(stderr, "golden_tilelang: no *%s files to check in %s\n", IN_SUFFIX, dir);
		return 2;
	}
	for (int c = 0; c < NCHECKS; c++)
		printf("%s: %d/%d\n", checks[c].model, ran - failed[c], ran);
	printf("%d passed, %d failed\n", passed, nfailed);
	return nfailed ? 1 : 0;
}
